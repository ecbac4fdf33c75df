"""The check modules (``CHECKS``, report order) and the stable ID table (``krmfn.model.check_ids``)
agree: one module per ID, in the same order, each ID defined once."""
from __future__ import annotations

from krmfn.model import check_ids
from krmfn.model.check_ids import CHECK_IDS
from krmfn.modes.validate.checks import CHECKS


def test_every_check_module_has_its_id_in_report_order() -> None:
    assert tuple(check.ID for check in CHECKS) == CHECK_IDS


def test_each_id_is_defined_once() -> None:
    assert len(set(CHECK_IDS)) == len(CHECK_IDS)
    constants = [value for name, value in vars(check_ids).items() if name.isupper() and isinstance(value, str)]
    run_and_modes = (check_ids.INPUT, check_ids.INTERNAL_ERROR, check_ids.CONFIG, check_ids.FUNCTION_CONFIG,
                     check_ids.NOTHING_CHECKED, check_ids.ADOPT, check_ids.V1BETA2_NOT_SERVED,
                     check_ids.TEMPLATE_PROCESS, check_ids.TEMPLATE_CONVERT)
    assert sorted(constants) == sorted((*CHECK_IDS, *run_and_modes))  # and the reader's, the run's, other modes'
