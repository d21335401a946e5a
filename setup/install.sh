#!/usr/bin/env bash
# Installs one schemaport-action release binary for the runner's platform:
# the asset and the checksum file are the ones .ci/release-binaries writes
# (schemaport-action_<version>_<os>_<arch>[.exe] and
# schemaport-action_<version>_checksums.txt). Nothing is installed, and
# nothing put on PATH, unless the binary's SHA-256 is the one the checksum
# file lists for it.
#
# Environment: SCHEMAPORT_VERSION (a tag, v1.2.3), RUNNER_OS, RUNNER_ARCH,
# RUNNER_TEMP, GITHUB_PATH and GITHUB_OUTPUT (set by the runner), and
# SCHEMAPORT_DOWNLOAD_URL (default: this repository's release downloads;
# the tests point it at a local server).
set -euo pipefail

fail() {
  # The message holds only validated values, so it cannot carry a
  # workflow command of its own.
  echo "::error title=schemaport setup::$1"
  exit 1
}

version=${SCHEMAPORT_VERSION:-}
if [ -z "$version" ]; then
  fail "No version to install: give the setup action a version (with: version: v1.2.3), or use it from a release tag (schemaport/schemaport-action/setup@v1)."
fi
if ! [[ $version =~ ^v[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ ]]; then
  fail "The version must be a release tag like v1.2.3."
fi

case "${RUNNER_OS:-}" in
  Linux) os=linux ;;
  macOS) os=darwin ;;
  Windows) os=windows ;;
  *) fail "No schemaport-action binary for this runner's OS (RUNNER_OS: Linux, macOS and Windows are supported)." ;;
esac
case "${RUNNER_ARCH:-}" in
  X64) arch=amd64 ;;
  ARM64) arch=arm64 ;;
  *) fail "No schemaport-action binary for this runner's architecture (RUNNER_ARCH: X64 and ARM64 are supported)." ;;
esac

asset="schemaport-action_${version}_${os}_${arch}"
exe=schemaport-action
if [ "$os" = windows ]; then
  asset="$asset.exe"
  exe=schemaport-action.exe
fi
sums="schemaport-action_${version}_checksums.txt"
base=${SCHEMAPORT_DOWNLOAD_URL:-https://github.com/schemaport/schemaport-action/releases/download}

work="${RUNNER_TEMP:?RUNNER_TEMP is not set}/schemaport-action-$version"
rm -rf "$work"
mkdir -p "$work/download" "$work/bin"
echo "Downloading $asset and $sums ($version)"
curl -fsSL --retry 3 -o "$work/download/$sums" "$base/$version/$sums" ||
  fail "Could not download $sums of $version."
curl -fsSL --retry 3 -o "$work/download/$asset" "$base/$version/$asset" ||
  fail "Could not download $asset of $version."

# sha256sum's format: the digest, two spaces (or a space and a `*` for
# binary mode), the file name. Exactly one line must name the asset.
want=$(awk -v f="$asset" '$2 == f || $2 == "*" f { print $1 }' "$work/download/$sums")
if [ -z "$want" ] || [ "$(printf '%s\n' "$want" | wc -l)" -ne 1 ]; then
  rm -rf "$work"
  fail "$sums does not list $asset exactly once; refusing to install it."
fi
if command -v sha256sum >/dev/null; then
  got=$(sha256sum "$work/download/$asset" | awk '{ print $1 }')
else
  got=$(shasum -a 256 "$work/download/$asset" | awk '{ print $1 }') # macOS
fi
if [ "$got" != "$want" ]; then
  rm -rf "$work"
  fail "Checksum mismatch for $asset: $sums lists $want, the download is $got. Refusing to install it."
fi

mv "$work/download/$asset" "$work/bin/$exe"
chmod +x "$work/bin/$exe"
rm -rf "$work/download"
bin="$work/bin"
if [ "$os" = windows ] && command -v cygpath >/dev/null; then
  bin=$(cygpath -w "$bin") # GITHUB_PATH takes a Windows path there
fi
echo "$bin" >> "${GITHUB_PATH:?GITHUB_PATH is not set}"
{
  echo "path=$bin/$exe"
  echo "version=$version"
} >> "${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}"
echo "Installed schemaport-action $version ($os/$arch), sha256 $got"
