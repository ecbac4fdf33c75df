"""Other tools' YAML: the hint of its `input` finding says what the file is, never that it is a patch fragment."""
from __future__ import annotations

import pytest

from krmfn.kio.files import Source, read_items
from krmfn.kio.shapes import Shape, known_shape, not_a_mapping_hint, not_an_object_hint

FRAGMENT = "a patch fragment belongs in a kustomization directory"


@pytest.mark.parametrize("path, value, data, expected", [
    ("artifacthub-pkg.yml", {"version": "1.0.0", "name": "x"}, b"", Shape("Artifact Hub package metadata",
                                                                          "artifacthub-pkg.yml")),
    ("charts/ArtifactHub-Repo.yaml", {"repositoryID": "x"}, b"", Shape("Artifact Hub repository metadata",
                                                                       "ArtifactHub-Repo.yaml")),
    ("ansible/requirements.yml", {"collections": [{"name": "kubernetes.core"}]}, b"",
     Shape("Ansible Galaxy requirements", "requirements.yml")),
    ("galaxy.yml", {"namespace": "a", "name": "b"}, b"", Shape("an Ansible collection's galaxy.yml", "galaxy.yml")),
    ("inventory/group_vars/all.yml", {"a": 1}, b"", Shape("Ansible variables", "group_vars")),
    ("ansible/roles/web/defaults/main.yml", {"port": 80}, b"", Shape("an Ansible role's file", "roles")),
    ("site.yml", None, b"- hosts: all\n  tasks: []\n", Shape("an Ansible playbook", "site.yml")),
    ("deploy.yml", None, b"---\n- name: deploy\n  hosts: web\n", Shape("an Ansible playbook", "deploy.yml")),
    ("list.yml", None, b"- name: a\n  image: b\n", None),
    ("./.github/workflows/ci.yml", {"on": ["push"], "jobs": {}}, b"", Shape("a GitHub Actions workflow", ".github")),
    ("/abs/.github/dependabot.yml", {"version": 2}, b"", Shape("GitHub's configuration", ".github")),
    ("ci/build.yaml", {"name": "ci", "on": {"push": {}}, "jobs": {"a": {}}}, b"",
     Shape("a GitHub Actions workflow", "build.yaml")),
    ("values.yaml", {"replicaCount": 1}, b"", Shape("Helm values", "values.yaml")),
    ("apps/db/values-prod.yaml", {"image": "x"}, b"", Shape("Helm values", "values-prod.yaml")),
    ("docker-compose.yml", {"services": {}}, b"", Shape("a Docker Compose file", "docker-compose.yml")),
    ("dev/stack.yaml", {"services": {"db": {}}, "volumes": {}}, b"", Shape("a Docker Compose file", "stack.yaml")),
    ("api/spec.yaml", {"openapi": "3.0.0", "paths": {}}, b"", Shape("an OpenAPI document", "spec.yaml")),
    ("vms/user-data.yaml", {"users": []}, b"#cloud-config\nusers: []\n", Shape("cloud-init user data",
                                                                                "user-data.yaml")),
    ("vms/web.yaml", {"spec": {"running": True}}, b"spec: {}\n", None),
    ("notes.yaml", {"title": "x"}, b"", None),
])
def test_known_shape(path, value, data, expected):
    assert known_shape(path, value, data) == expected


def test_a_patch_fragment_keeps_its_hint_and_other_tools_files_get_theirs():
    assert not_an_object_hint("overlays/size.yaml", {"metadata": {"name": "web"}, "spec": {}}) == FRAGMENT
    assert not_an_object_hint("vm.yaml", {"kind": "VirtualMachine"}) == FRAGMENT  # an object missing its apiVersion
    assert not_an_object_hint("artifacthub-pkg.yml", {"version": "1.0.0"}) == (
        "Artifact Hub package metadata, not Kubernetes YAML; leave it out with --exclude artifacthub-pkg.yml")
    assert not_an_object_hint("values.yaml", {"spec": {"x": 1}}) == (  # the name wins over the keys
        "Helm values, not Kubernetes YAML; leave it out with --exclude values.yaml")
    assert not_an_object_hint("my notes.yaml", {"title": "x"}) == (
        "if it is not meant for Kubernetes, leave it out with --exclude 'my notes.yaml'")
    assert not_a_mapping_hint("list.yaml", b"- a\n- b\n") == ""


def test_the_hint_is_set_where_the_input_finding_is_made():
    sources = [Source("artifacthub-pkg.yml", b"version: 1.0.0\nname: vms\n"),
               Source("site.yml", b"- hosts: all\n  roles: [web]\n"),
               Source("fragment.yaml", b"spec:\n  runStrategy: Always\n")]
    assert [p.message for p in read_items(sources, objects=True)[1]] == [
        "document 1 is not a Kubernetes object: it has no apiVersion and no kind (Artifact Hub package metadata, "
        "not Kubernetes YAML; leave it out with --exclude artifacthub-pkg.yml)",
        "document 1 is not a mapping (a Kubernetes object): an Ansible playbook, not Kubernetes YAML; leave it out "
        "with --exclude site.yml",
        f"document 1 is not a Kubernetes object: it has no apiVersion and no kind ({FRAGMENT})",
    ]
