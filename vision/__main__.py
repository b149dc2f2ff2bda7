from vision.cli import main

raise SystemExit(main())
