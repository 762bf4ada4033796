#!/bin/sh
# The stand-in for redis:7's entrypoint: options alone run redis-server; redis-server runs as the
# redis user, owning /data. Debian's redis-server keeps protected mode on, which refuses clients
# on other hosts (the bot's container) without a password; the official image is built with it
# off, so the stand-in turns it off here.
set -e
if [ "${1#-}" != "$1" ] || [ "${1%.conf}" != "$1" ]; then
  set -- redis-server "$@"
fi
if [ "$1" = 'redis-server' ]; then
  set -- "$@" --protected-mode no
  if [ "$(id -u)" = '0' ]; then
    find . \! -user redis -exec chown redis '{}' +
    exec setpriv --reuid=redis --regid=redis --init-groups "$@"
  fi
fi
exec "$@"
