from canasta_tutor.cli import main

main()
