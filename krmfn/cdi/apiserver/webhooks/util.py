"""The source checks CDI's DataVolume and DataImportCron webhooks share
(``pkg/apiserver/webhooks/util.go``, v1.64.0): ``validateNumberOfSources``, ``validateContentType``,
``validateBlankSource``, ``validateRegistrySource``, ``validateDataVolumeSourceRegistry``,
``validateHTTPSource``, ``validateS3Source``, ``validateGCSSource``, ``validateImageIOSource``,
``validateVDDKSource``, ``checkSourceURL``, ``validateSourceURL``; and ``child``, the
``field.Path.Child`` of ``k8s.io/apimachinery`` that names their fields.

Each check returns its causes (at most one), every one ``FieldValueInvalid``, with CDI's messages
and field paths verbatim: CDI names fields by its Go names in places (``spec.source.Registry.URL``,
``spec.source.HTTP.url``). The objects are plain dicts as stored (the CRD schema has already
checked their types); a Go pointer is nil where the key is absent or null.
"""
from __future__ import annotations

from krmfn.cdi.vendor.net_url import parse, parse_request_uri
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, Cause

DATA_VOLUME_KUBEVIRT = "kubevirt"
DATA_VOLUME_ARCHIVE = "archive"
REGISTRY_SCHEME_DOCKER = "docker"
REGISTRY_SCHEME_OCI = "oci-archive"
REGISTRY_PULL_POD = "pod"
REGISTRY_PULL_NODE = "node"
# The fields of DataVolumeSource, each a pointer.
DATA_VOLUME_SOURCE_FIELDS = ("http", "s3", "gcs", "registry", "pvc", "upload", "blank", "imageio", "vddk", "snapshot")
SOURCE_URL_SCHEMES = ("http", "https", "gs")


def child(path: str, *names: str) -> str:
    """``path.Child(names...).String()``: an empty name prints as ``[]`` (an index of "")."""
    for name in names:
        path = (f"{path}.{name}" if path else name) if name else path + "[]"
    return path


def invalid(field: str, message: str) -> Cause:
    return Cause(field, message, CAUSE_FIELD_VALUE_INVALID)


def dict_at(value: dict, key: str) -> dict:
    found = value.get(key)
    return found if isinstance(found, dict) else {}


def string_at(value: dict, key: str) -> str:
    """A Go ``string`` field: "" when absent."""
    found = value.get(key)
    return found if isinstance(found, str) else ""


def validate_number_of_sources(source: dict, source_kind: str, field: str) -> list[Cause]:
    """``validateNumberOfSources``: exactly one non-nil source."""
    count = sum(1 for name in DATA_VOLUME_SOURCE_FIELDS if source.get(name) is not None)
    if count == 0:
        return [invalid(child(field, "source"), f"Missing {source_kind} source")]
    if count > 1:
        return [invalid(child(field, "source"), f"Multiple {source_kind} sources")]
    return []


def validate_content_type(content_type: str, field: str) -> list[Cause]:
    """``validateContentType``: empty, ``kubevirt`` or ``archive``."""
    if content_type not in ("", DATA_VOLUME_KUBEVIRT, DATA_VOLUME_ARCHIVE):
        return [invalid(child(field, "contentType"),
                        f"ContentType not one of: {DATA_VOLUME_KUBEVIRT}, {DATA_VOLUME_ARCHIVE}")]
    return []


def validate_blank_source(content_type: str, field: str) -> list[Cause]:
    """``validateBlankSource``: a blank image cannot be an archive."""
    if content_type == DATA_VOLUME_ARCHIVE:
        return [invalid(child(field, "contentType"), "SourceType cannot be blank and the contentType be archive")]
    return []


def validate_registry_source(registry: dict, content_type: str, field: str) -> list[Cause]:
    """``validateRegistrySource``: content type ``kubevirt`` (or empty), then the registry."""
    if content_type not in ("", DATA_VOLUME_KUBEVIRT):
        return [invalid(child(field, "contentType"),
                        f"ContentType must be {DATA_VOLUME_KUBEVIRT} when Source is Registry")]
    return validate_data_volume_source_registry(registry, field)


def validate_data_volume_source_registry(registry: dict, field: str) -> list[Cause]:
    """``validateDataVolumeSourceRegistry``: a URL or an image stream, the URL's scheme, the pull method."""
    url, image_stream = registry.get("url"), registry.get("imageStream")
    if (url is None) == (image_stream is None):
        return [invalid(child(field, "source", "Registry"), "Source registry should have either URL or ImageStream")]
    if isinstance(url, str):
        parsed = parse(url)
        if isinstance(parsed, str):
            return [invalid(child(field, "source", "Registry", "URL"), f"Illegal registry source URL {url}")]
        if parsed.scheme not in (REGISTRY_SCHEME_DOCKER.encode(), REGISTRY_SCHEME_OCI.encode()):
            return [invalid(child(field, "source", "Registry", "URL"),
                            f"Illegal registry source URL scheme {parsed.string()}")]
    method_field = child(field, "source", "Registry", "importMethod")
    pull_method = registry.get("pullMethod")
    if pull_method is not None and pull_method not in (REGISTRY_PULL_POD, REGISTRY_PULL_NODE):
        return [invalid(method_field,
                        f'ImportMethod {pull_method} is neither {REGISTRY_PULL_POD}, {REGISTRY_PULL_NODE} or ""')]
    if image_stream == "":
        return [invalid(method_field, "Source registry ImageStream is not valid")]
    if image_stream is not None and pull_method != REGISTRY_PULL_NODE:
        return [invalid(method_field, "Source registry ImageStream is supported only with node pull import method")]
    return []


def validate_source_url(source_url: str) -> str:
    """``validateSourceURL``: "" for an ``http``, ``https`` or ``gs`` request URI, else why not."""
    if source_url == "":
        return "source URL is empty"
    parsed = parse_request_uri(source_url)
    if isinstance(parsed, str):
        return f"Invalid source URL: {source_url}"
    if parsed.scheme.decode() not in SOURCE_URL_SCHEMES:
        return f"Invalid source URL scheme: {source_url}"
    return ""


def check_source_url(url: str, source_type: str, field: str) -> list[Cause]:
    """``checkSourceURL``: the message names ``<field>.source``, the cause ``<field>.source.<type>.url``."""
    problem = validate_source_url(url)
    if problem:
        return [invalid(child(field, "source", source_type, "url"), f"{child(field, 'source')} {problem}")]
    return []


def validate_http_source(http: dict, field: str) -> list[Cause]:
    return check_source_url(string_at(http, "url"), "HTTP", field)


def validate_s3_source(s3: dict, field: str) -> list[Cause]:
    return check_source_url(string_at(s3, "url"), "S3", field)


def validate_gcs_source(gcs: dict, field: str) -> list[Cause]:
    return check_source_url(string_at(gcs, "url"), "GCS", field)


def validate_imageio_source(imageio: dict, field: str) -> list[Cause]:
    """``validateImageIOSource``: secret and disk ID, a CA config map unless verification is
    skipped, then the URL."""
    where = child(field, "source", "Imageio")
    if string_at(imageio, "secretRef") == "" or string_at(imageio, "diskId") == "":
        return [invalid(where, f"{where} source Imageio is not valid")]
    if string_at(imageio, "certConfigMap") == "" and imageio.get("insecureSkipVerify") is not True:
        return [invalid(where, f"{where} source Imageio requires CertConfigMap or InsecureSkipVerify")]
    return check_source_url(string_at(imageio, "url"), "ImageIO", field)


def validate_vddk_source(vddk: dict, field: str) -> list[Cause]:
    """``validateVDDKSource``: secret, UUID, backing file and thumbprint, then the URL."""
    where = child(field, "source", "VDDK")
    if any(string_at(vddk, key) == "" for key in ("secretRef", "uuid", "backingFile", "thumbprint")):
        return [invalid(where, f"{where} source VDDK is not valid")]
    return check_source_url(string_at(vddk, "url"), "VDDK", field)
