"""duplicate-object: the second definition is the finding; the first is a structured item index."""
from __future__ import annotations

from krmfn.model.findings import FIRST_ITEM
from krmfn.modes.validate.mode import run_validate

CM = {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a", "namespace": "lab"}}
OTHER = {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "b", "namespace": "lab"}}


def test_the_first_definition_is_a_tag_not_part_of_the_message() -> None:
    outcome = run_validate([CM, OTHER, CM], {})
    assert [(f.check, f.item, f.path, f.tags, f.message) for f in outcome.findings] == [
        ("duplicate-object", 2, "metadata.name", {FIRST_ITEM: "0"},
         'ConfigMap "a" in namespace lab is defined twice; kubectl apply applies both in turn, so this one '
         "overwrites the first and only the last definition stays in the cluster"),
    ]
