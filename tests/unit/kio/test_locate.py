"""krmfn.kio.locate: a fatal problem in an item names the file, the document and the line."""
from __future__ import annotations

import pytest

from tests.conftest import VALIDATE, krm, resource_list

KPT_ANNOTATIONS = """    annotations:
      config.kubernetes.io/index: '{index}'
      config.kubernetes.io/path: 'deep/dir/rc.yaml'
      internal.config.kubernetes.io/index: '{index}'
      internal.config.kubernetes.io/path: 'deep/dir/rc.yaml'
      internal.config.kubernetes.io/seqindent: 'compact'
      internal.config.kubernetes.io/id: '2'
      config.k8s.io/id: '2'
"""
# The document as it is in the file: the second `selector` is on its line 10.
RC = """- # a comment
  apiVersion: v1
  kind: ReplicationController
  metadata:
    name: rc
{annotations}  spec:
    replicas: 1
    selector:
      app: a
    selector:
      app: b
"""
OK = "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: ok\n"


@pytest.mark.parametrize(("index", "where"), [
    (0, "deep/dir/rc.yaml:10"),
    (1, "deep/dir/rc.yaml (document 1, line 10)"),
])
def test_a_duplicate_key_names_file_document_and_line(index, where):
    item = RC.format(annotations=KPT_ANNOTATIONS.format(index=index))
    run = krm(resource_list(OK + item, VALIDATE))
    assert (run.code, run.stdout) == (1, "")
    assert run.stderr == f'krmfn: {where}: duplicate key "selector" in a mapping\n'


def test_user_annotations_beside_kpt_s_keep_their_line():
    annotations = KPT_ANNOTATIONS.format(index=0).replace("    annotations:\n", "    annotations:\n      team: a\n")
    run = krm(resource_list(RC.format(annotations=annotations), VALIDATE))
    assert run.stderr == 'krmfn: deep/dir/rc.yaml:12: duplicate key "selector" in a mapping\n'


def test_without_a_path_the_item_and_the_input_line():
    run = krm(resource_list(OK + RC.format(annotations=""), VALIDATE))
    expected = 'krmfn: item 1 of the ResourceList (line 17 of the input): duplicate key "selector" in a mapping\n'
    assert run.stderr == expected
