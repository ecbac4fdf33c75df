"""HCO's ``controllers/operands``: what every operand handler shares (the JSON patch annotations)."""
