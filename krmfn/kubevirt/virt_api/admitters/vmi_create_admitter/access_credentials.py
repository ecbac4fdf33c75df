"""``validateAccessCredentials`` (vmi-create-admitter.go, d923fdb8): each access credential must
set exactly one of ``sshPublicKey`` and ``userPassword``, each with exactly one source (a secret)
and exactly one propagation method; the ``noCloud`` and ``configDrive`` methods need a volume of
that cloud-init kind, and ``qemuGuestAgent`` (for SSH keys) at least one user.

Causes per credential, in KubeVirt's order: the SSH key's missing cloud-init volumes and empty user
list, its source count, its method count; the password's source and method counts; the type count.
"""
from __future__ import annotations

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, Cause
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_dict, as_list, dicts

NO_CLOUD_VOLUME_REQUIRED_FMT = ("{path} requires a noCloud volume to exist when the noCloud propagationMethod "
                                "is in use.")
CONFIG_DRIVE_VOLUME_REQUIRED_FMT = ("{path} requires a configDrive volume to exist when the configDrive "
                                    "propagationMethod is in use.")
USERS_REQUIRED_FMT = "{path} requires at least one user to be present in the users list"
ONE_SOURCE_FMT = "{path} must have exactly one source set"
ONE_PROPAGATION_METHOD_FMT = "{path} must have exactly one propagationMethod set"
ONE_CREDENTIAL_TYPE_FMT = "{path} must have exactly one access credential type set"


def _invalid(field: str, message_fmt: str, path: str) -> Cause:
    return Cause(field, message_fmt.format(path=path), CAUSE_FIELD_VALUE_INVALID)


def validate_access_credentials(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    credentials = spec.get("accessCredentials")
    if not credentials or not isinstance(credentials, list):
        return []
    volumes = dicts(spec.get("volumes"))
    has_no_cloud = any(volume.get("cloudInitNoCloud") is not None for volume in volumes)
    has_config_drive = any(volume.get("cloudInitConfigDrive") is not None for volume in volumes)
    causes: list[Cause] = []
    for index, credential in enumerate(dicts(credentials)):
        path = f"{field}.accessCredentials[{index}]"
        count = 0
        ssh_public_key = credential.get("sshPublicKey")
        if ssh_public_key is not None:
            count += 1
            causes += _validate_ssh_public_key(path, as_dict(ssh_public_key), has_no_cloud, has_config_drive)
        user_password = credential.get("userPassword")
        if user_password is not None:
            count += 1
            causes += _validate_user_password(path, as_dict(user_password))
        if count != 1:
            causes.append(_invalid(path, ONE_CREDENTIAL_TYPE_FMT, path))
    return causes


def _validate_ssh_public_key(path: str, ssh_public_key: dict, has_no_cloud: bool,
                             has_config_drive: bool) -> list[Cause]:
    causes: list[Cause] = []
    method_path = f"{path}.sshPublicKey.propagationMethod"
    method = as_dict(ssh_public_key.get("propagationMethod"))
    methods = 0
    if method.get("noCloud") is not None:
        methods += 1
        if not has_no_cloud:
            causes.append(_invalid(method_path, NO_CLOUD_VOLUME_REQUIRED_FMT, path))
    if method.get("configDrive") is not None:
        methods += 1
        if not has_config_drive:
            causes.append(_invalid(method_path, CONFIG_DRIVE_VOLUME_REQUIRED_FMT, path))
    guest_agent = method.get("qemuGuestAgent")
    if guest_agent is not None:
        if not as_list(as_dict(guest_agent).get("users")):
            causes.append(_invalid(f"{method_path}.qemuGuestAgent.users", USERS_REQUIRED_FMT, path))
        methods += 1
    if as_dict(ssh_public_key.get("source")).get("secret") is None:
        causes.append(_invalid(f"{path}.sshPublicKey.source", ONE_SOURCE_FMT, path))
    if methods != 1:
        causes.append(_invalid(method_path, ONE_PROPAGATION_METHOD_FMT, path))
    return causes


def _validate_user_password(path: str, user_password: dict) -> list[Cause]:
    causes: list[Cause] = []
    if as_dict(user_password.get("source")).get("secret") is None:
        causes.append(_invalid(f"{path}.userPassword.source", ONE_SOURCE_FMT, path))
    if as_dict(user_password.get("propagationMethod")).get("qemuGuestAgent") is None:
        causes.append(_invalid(f"{path}.userPassword.propagationMethod", ONE_PROPAGATION_METHOD_FMT, path))
    return causes
