from peloponnes_tui.cli import main

raise SystemExit(main())
