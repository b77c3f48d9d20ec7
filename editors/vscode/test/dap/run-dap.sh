#!/bin/sh
# @vscode/debugadapter-testsupport spawns RUNTIME EXECUTABLE; this is the
# executable, run by /bin/sh, so that the adapter can be a native binary.
exec "$REVL_DAP" "$@"
