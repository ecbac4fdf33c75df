from krmfn.cli.main import entry

entry()
