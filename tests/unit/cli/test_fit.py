"""`krmfn fit` (krmfn.cli.fit): the catalog of the targeted release, a bundle given as paths, one
preference, the formats, the exit codes and the usage errors."""
from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

from krmfn.cli.fit import FORMATS
from krmfn.cli.main import main
from krmfn.report import fit as fitreport

SIZES = """\
apiVersion: instancetype.kubevirt.io/v1beta1
kind: VirtualMachineInstancetype
metadata: {name: u1.3xmedium, namespace: lab}
spec: {cpu: {guest: 3}, memory: {guest: 6Gi}}
---
apiVersion: instancetype.kubevirt.io/v1beta1
kind: VirtualMachinePreference
metadata: {name: big-windows, namespace: lab}
spec: {requirements: {cpu: {guest: 3}, memory: {guest: 6Gi}}}
"""


def fit(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["fit", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_catalog_of_the_default_release(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = fit(capsys)
    assert (code, err) == (0, "")
    assert out.startswith("common-instancetypes v1.7.0: 65 instance types x 54 preferences\n")
    assert "\nwindows.11                2 vCPUs, 4Gi            48/65  cx1.large\n" in out


@pytest.mark.parametrize("args,catalog", [(["--kubevirt-version", "v1.7"], "v1.5.1"),
                                          (["--catalog", "v1.6.0"], "v1.6.0")])
def test_the_catalog_follows_the_release_or_the_catalog_option(capsys: pytest.CaptureFixture[str], args: list[str],
                                                               catalog: str) -> None:
    code, out, _ = fit(capsys, *args, "--format", "json")
    assert code == 0 and json.loads(out)["source"] == f"common-instancetypes {catalog}"


def test_one_preference_smallest_first(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = fit(capsys, "--preference", "windows.11")
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == ("windows.11 (VirtualMachineClusterPreference, catalog v1.7.0) requires 2 vCPUs, 4Gi: 48 of 65 "
                        "instance types fit, smallest first (cluster architecture amd64)")
    assert lines[3].split() == ["yes", "cx1.large", "2", "4Gi"]
    assert lines[-1].split()[:4] == ["no", "u1.medium", "1", "4Gi"]
    assert lines[-1].endswith("insufficient CPU resources of 1 vCPU provided by instance type, preference requires "
                              "2 vCPU")


def test_a_bundle_joins_the_catalog(capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path) -> None:
    (tmp_path / "sizes.yaml").write_text(SIZES)
    code, out, _ = fit(capsys, "--format", "json", "--preference", "big-windows", str(tmp_path))
    doc = json.loads(out)
    assert code == 0
    assert doc["source"] == f"{tmp_path} and common-instancetypes v1.7.0"
    assert doc["pairs"][0] == {"preference": "lab/big-windows", "instancetype": "lab/u1.3xmedium", "fits": True,
                               "status": "fits"}
    code, out, _ = fit(capsys, "--catalog", "none", "--format", "markdown", str(tmp_path))
    assert code == 0 and "| `lab/big-windows` | 3 vCPUs, 6Gi | 1/1 | `lab/u1.3xmedium` |" in out


def test_exit_1_when_no_size_fits_the_preference(capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path) -> None:
    (tmp_path / "sizes.yaml").write_text(SIZES.replace("guest: 3}, memory: {guest: 6Gi}}\n---", "guest: 1}, memory: "
                                                                                                "{guest: 1Gi}}\n---"))
    code, out, _ = fit(capsys, "--catalog", "none", "--preference", "lab/big-windows", str(tmp_path))
    assert code == 1
    assert out.splitlines()[-1].split()[:2] == ["no", "lab/u1.3xmedium"]


@pytest.mark.parametrize("args,message", [
    (["--preference", "windows.12"],
     'no preference "windows.12" in common-instancetypes v1.7.0; did you mean windows.2k12, windows.11, windows.10?'),
    (["--catalog", "v9"],
     '--catalog: unknown catalog version "v9"; embedded: v1.5.1, v1.6.0, v1.7.0; none turns it off'),
    (["--catalog", "none"], "nothing to fit: no instance types in nothing (no PATH, catalog none)"),
    (["no/such/dir"], "no/such/dir: cannot read: No such file or directory"),
])
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    assert fit(capsys, *args) == (2, "", f"krmfn fit: {message}\n")


def test_the_formats_are_the_reports() -> None:
    assert FORMATS == fitreport.FORMATS


def test_fit_loads_its_table_and_report_only_when_it_runs() -> None:
    """Other modes' start-up pays nothing for fit (krmfn.cli.fit imports them in ``run``)."""
    code = ("import sys, krmfn.cli.main; "
            "print(sorted(m for m in sys.modules if m.startswith(('krmfn.modes.fit', 'krmfn.report.fit'))))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout == "[]\n"
