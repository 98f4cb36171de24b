#!/usr/bin/env bash
# The Debian package's round trip, as a player's machine would do it (make deb-check; root):
# install it with apt, run the smoke test and the network smoke test from the PATH, remove
# it with --purge, and check that every file it brought is gone and nothing else was left
# in the places it wrote to.
set -euo pipefail
cd "$(dirname "$0")/.."

deb="${1:-$(ls -t dist/conquid-arcade_*.deb 2>/dev/null | head -n 1)}"
if [ -z "$deb" ] || [ ! -f "$deb" ]; then
    echo "deb-check: no package in dist/ (make deb)" >&2
    exit 1
fi
if [ "$(id -u)" != 0 ]; then
    echo "deb-check: installs a package, so it runs as root (sudo make deb-check)" >&2
    exit 1
fi
if dpkg -s conquid-arcade >/dev/null 2>&1; then
    echo "deb-check: conquid-arcade is already installed here; remove it first" >&2
    exit 1
fi

places=(/opt /usr/bin /usr/share/applications /usr/share/metainfo /usr/share/icons/hicolor
        /usr/share/doc)
snapshot() {
    # Every file and folder in those places, except the caches dpkg's triggers refresh.
    find "${places[@]}" -xdev 2>/dev/null \
        | grep -v -e '/icon-theme\.cache$' -e '/mimeinfo\.cache$' -e '/desktop\.cache$' \
        | sort
}
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
snapshot > "$scratch/before"
dpkg-deb -c "$deb" | awk '{print $6}' | sed -e 's|^\./|/|' -e 's|/$||' | grep -v '^$' \
    > "$scratch/files"

echo "== apt-get install $deb"
apt-get install -y -qq -o Dpkg::Use-Pty=0 --no-install-recommends "$(realpath "$deb")"
echo "== from the PATH: $(command -v conquid-arcade)"
[ "$(command -v conquid-arcade)" = /usr/bin/conquid-arcade ]
# A player's home of its own, and a folder to start in that is not the checkout.
export HOME="$scratch/home"
mkdir -p "$HOME"
(
    cd "$scratch"
    conquid-arcade --version
    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy conquid-arcade --smoke-test
    conquid-arcade net-smoke
)

echo "== apt-get remove --purge conquid-arcade"
apt-get remove -y -qq -o Dpkg::Use-Pty=0 --purge conquid-arcade
if dpkg -s conquid-arcade >/dev/null 2>&1; then
    echo "deb-check: dpkg still lists conquid-arcade" >&2
    exit 1
fi
left=0
while read -r path; do
    case "$path" in /opt | /usr | /usr/bin | /usr/share | /usr/share/* ) [ -d "$path" ] && continue;; esac
    if [ -e "$path" ] || [ -L "$path" ]; then
        echo "deb-check: left behind: $path" >&2
        left=1
    fi
done < "$scratch/files"
snapshot > "$scratch/after"
if ! diff -u "$scratch/before" "$scratch/after"; then
    echo "deb-check: the places the package wrote to differ from before it was installed" >&2
    left=1
fi
[ "$left" = 0 ]
echo "deb-check: installed, ran from the PATH, removed; nothing left behind"
