from qcompile.commands.cli import main

main()
