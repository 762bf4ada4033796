#!/usr/bin/env bash
# What the container test needs on this machine, made ready idempotently (root, Debian):
# Debian's podman with runc, netavark and aardvark-dns, docker-compose (run against podman's API),
# debootstrap; then the stand-ins for the official base images (stand-ins/build.sh).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
PACKAGES=(podman runc conmon netavark aardvark-dns slirp4netns uidmap iptables docker-compose debootstrap)

missing=()
for package in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    echo "The container test needs root on Debian to install: ${missing[*]}" >&2
    exit 1
  fi
  echo "container test: installing ${missing[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

CONTAINERS_CONF="$HERE/containers.conf" bash "$HERE/stand-ins/build.sh"
