from qcompile.cli import main

main()
