#!/bin/sh
# As the official node image's docker-entrypoint.sh: options alone run node; otherwise the command
# replaces this shell (so it is PID 1).
set -e
if [ "${1#-}" != "$1" ] || [ -z "$(command -v "$1" || true)" ]; then
  set -- node "$@"
fi
exec "$@"
