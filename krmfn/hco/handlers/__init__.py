"""HCO's ``controllers/handlers``: how HCO builds the operands' custom resources from a HyperConverged."""
