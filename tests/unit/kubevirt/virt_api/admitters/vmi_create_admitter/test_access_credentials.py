"""validateAccessCredentials."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.access_credentials import validate_access_credentials

FIELD = "spec.template.spec"
AC0 = f"{FIELD}.accessCredentials[0]"
AC1 = f"{FIELD}.accessCredentials[1]"
SECRET = {"secret": {"secretName": "s"}}
NO_CLOUD = {"name": "ci", "cloudInitNoCloud": {"userData": "x"}}
CONFIG_DRIVE = {"name": "cd", "cloudInitConfigDrive": {"userData": "x"}}


def _ssh(method: dict, source: dict | None = None) -> dict:
    return {"sshPublicKey": {"source": SECRET if source is None else source, "propagationMethod": method}}


def _password(method: dict, source: dict | None = None) -> dict:
    return {"userPassword": {"source": SECRET if source is None else source, "propagationMethod": method}}


ONE_SOURCE = "{} must have exactly one source set"
ONE_METHOD = "{} must have exactly one propagationMethod set"
ONE_TYPE = "{} must have exactly one access credential type set"


@pytest.mark.parametrize("credentials, volumes, expected", [
    ([], [], []),
    ([_ssh({"noCloud": {}})], [NO_CLOUD], []),
    ([_ssh({"configDrive": {}})], [CONFIG_DRIVE], []),
    ([_ssh({"qemuGuestAgent": {"users": ["root"]}}), _password({"qemuGuestAgent": {}})], [], []),
    ([_ssh({"noCloud": {}})], [CONFIG_DRIVE],
     [(f"{AC0}.sshPublicKey.propagationMethod",
       f"{AC0} requires a noCloud volume to exist when the noCloud propagationMethod is in use.")]),
    ([_ssh({"configDrive": {}})], [NO_CLOUD],
     [(f"{AC0}.sshPublicKey.propagationMethod",
       f"{AC0} requires a configDrive volume to exist when the configDrive propagationMethod is in use.")]),
    ([_ssh({"qemuGuestAgent": {"users": []}})], [],
     [(f"{AC0}.sshPublicKey.propagationMethod.qemuGuestAgent.users",
       f"{AC0} requires at least one user to be present in the users list")]),
    ([_ssh({}, {})], [],
     [(f"{AC0}.sshPublicKey.source", ONE_SOURCE.format(AC0)),
      (f"{AC0}.sshPublicKey.propagationMethod", ONE_METHOD.format(AC0))]),
    ([_ssh({"noCloud": {}, "configDrive": {}, "qemuGuestAgent": {}})], [],
     [(f"{AC0}.sshPublicKey.propagationMethod",
       f"{AC0} requires a noCloud volume to exist when the noCloud propagationMethod is in use."),
      (f"{AC0}.sshPublicKey.propagationMethod",
       f"{AC0} requires a configDrive volume to exist when the configDrive propagationMethod is in use."),
      (f"{AC0}.sshPublicKey.propagationMethod.qemuGuestAgent.users",
       f"{AC0} requires at least one user to be present in the users list"),
      (f"{AC0}.sshPublicKey.propagationMethod", ONE_METHOD.format(AC0))]),
    ([_password({}, {})], [],
     [(f"{AC0}.userPassword.source", ONE_SOURCE.format(AC0)),
      (f"{AC0}.userPassword.propagationMethod", ONE_METHOD.format(AC0))]),
    ([{"sshPublicKey": {}}], [],
     [(f"{AC0}.sshPublicKey.source", ONE_SOURCE.format(AC0)),
      (f"{AC0}.sshPublicKey.propagationMethod", ONE_METHOD.format(AC0))]),
    ([{}, {**_ssh({"noCloud": {}}), **_password({"qemuGuestAgent": {}})}], [NO_CLOUD],
     [(AC0, ONE_TYPE.format(AC0)), (AC1, ONE_TYPE.format(AC1))]),
    ([{"sshPublicKey": None, "userPassword": None}], [], [(AC0, ONE_TYPE.format(AC0))]),
])
def test_access_credentials(credentials: list, volumes: list, expected: list) -> None:
    spec = {"accessCredentials": credentials, "volumes": volumes}
    assert [(c.field, c.message) for c in validate_access_credentials(FIELD, spec, ClusterConfig())] == expected


def test_access_credentials_through_the_chain() -> None:
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
          "spec": {"runStrategy": "Halted", "template": {"spec": {
              "domain": {"devices": {}},
              "accessCredentials": [{"sshPublicKey": {"source": {"secret": {"secretName": "k"}},
                                                      "propagationMethod": {"noCloud": {}}}}]}}}}
    verdict = admit_bundle([vm])[0]
    assert verdict is not None and not verdict.allowed
    assert [(c.field, c.message) for c in verdict.causes] == [
        (f"{AC0}.sshPublicKey.propagationMethod",
         f"{AC0} requires a noCloud volume to exist when the noCloud propagationMethod is in use.")]
