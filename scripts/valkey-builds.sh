#!/usr/bin/env bash
# Fetches and builds the Valkey servers the validation measures:
#   8.1.1 with its bundled jemalloc, 9.1.2 with its bundled jemalloc (the official builds),
#   9.1.2 against Debian's system jemalloc (as the distribution packages build it).
# Sources come from Debian's source packages (8.1.1 in trixie, 9.1.2 in sid), fetched with apt's
# own tools through a private configuration, so the machine's apt setup is left as it was.
# Builds are cached outside the clone, keyed by version and allocator:
#   ${XDG_CACHE_HOME:-$HOME/.cache}/valkey-ram-planner/valkey/<version>-<allocator>/bin/valkey-server
# A second run finds them there and does nothing else. Any failed step stops the script.
#
# Usage: scripts/valkey-builds.sh [BUILD...]  build what is missing (all three, or the named ones,
#                                             e.g. 9.1.2-system), then log each allocator
#        scripts/valkey-builds.sh --print     print the cached server paths, one a line (no builds)
set -euo pipefail

cache_root="${XDG_CACHE_HOME:-$HOME/.cache}/valkey-ram-planner/valkey"
jobs="${VALKEY_BUILD_JOBS:-2}"

# version|allocator|Debian source version|suite
builds=(
  "8.1.1|bundled|8.1.1+dfsg1-3+deb13u3|trixie"
  "9.1.2|bundled|9.1.2-1|sid"
  "9.1.2|system|9.1.2-1|sid"
)

die() {
  echo "valkey-builds: $*" >&2
  exit 1
}
say() { echo "valkey-builds: $*" >&2; }

server_path() { echo "$cache_root/$1-$2/bin/valkey-server"; }

if [ "${1:-}" = "--print" ]; then
  for b in "${builds[@]}"; do
    IFS='|' read -r version allocator _ _ <<<"$b"
    server_path "$version" "$allocator"
  done
  exit 0
fi

if [ $# -gt 0 ]; then
  selected=()
  for name in "$@"; do
    found=no
    for b in "${builds[@]}"; do
      IFS='|' read -r version allocator _ _ <<<"$b"
      [ "$name" = "$version-$allocator" ] && selected+=("$b") && found=yes
    done
    [ "$found" = yes ] || die "unknown build $name (known: 8.1.1-bundled 9.1.2-bundled 9.1.2-system)"
  done
  builds=("${selected[@]}")
fi

# One run at a time builds into the cache: a second one waits rather than unpack over the first.
mkdir -p "$cache_root"
exec 9>"$cache_root/.lock"
if ! flock -n 9; then
  say "another run is building into $cache_root; waiting for it"
  flock 9
fi

apt_dir="$cache_root/apt"
src_dir="$cache_root/sources"

apt_opts() {
  echo "-o Dir::Etc::SourceList=$apt_dir/sources.list -o Dir::Etc::SourceParts=/dev/null" \
    "-o Dir::State::Lists=$apt_dir/lists -o Dir::Cache=$apt_dir/cache" \
    "-o Dir::State::status=/dev/null -o Debug::NoLocking=1 -o APT::Sandbox::User=root"
}

apt_updated=no
# Downloads the files of one Debian source version into $src_dir; --tar-only skips the packaging.
fetch_source() {
  local deb_version="$1" suite="$2" what="$3"
  mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$src_dir"
  if [ "$apt_updated" = no ]; then
    cat >"$apt_dir/sources.list" <<EOF
deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie main
deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian sid main
EOF
    say "reading the source indexes of trixie and sid (private apt configuration in $apt_dir)"
    # shellcheck disable=SC2046
    apt-get $(apt_opts) update -qq || die "apt-get update failed for the private trixie/sid sources list"
    apt_updated=yes
  fi
  say "fetching valkey $deb_version ($suite)"
  # shellcheck disable=SC2046
  (cd "$src_dir" && apt-get $(apt_opts) source --download-only $what "valkey=$deb_version") ||
    die "could not download valkey $deb_version from $suite (is the version still in the archive?)"
}

# Unpacks a fresh tree of the upstream tarball into $1.
unpack_upstream() {
  local deb_version="$1" tree="$2" upstream="${1%-*}" tarball
  local candidates=("$src_dir"/valkey_"$upstream".orig.tar.*)
  tarball=""
  [ -e "${candidates[0]}" ] && tarball="${candidates[0]}"
  [ -n "$tarball" ] || die "no upstream tarball for $upstream in $src_dir"
  rm -rf "$tree" && mkdir -p "$tree"
  tar -xf "$tarball" -C "$tree" --strip-components=1 || die "could not unpack $tarball"
  [ -d "$tree/deps/jemalloc" ] || die "$tarball has no deps/jemalloc"
}

# Debian's patches add USE_SYSTEM_JEMALLOC; upstream silently ignores the flag without them.
apply_debian_patches() {
  local deb_version="$1" tree="$2" packaging
  packaging="$src_dir/valkey_$deb_version.debian.tar.xz"
  [ -f "$packaging" ] || die "missing $packaging (the system-jemalloc build needs Debian's patches)"
  tar -xJf "$packaging" -C "$tree" || die "could not unpack $packaging"
  local patch
  while read -r patch; do
    case "$patch" in '' | '#'* | debian-packaging/*) continue ;; esac
    patch -p1 -s -d "$tree" <"$tree/debian/patches/$patch" || die "Debian patch $patch does not apply"
  done <"$tree/debian/patches/series"
  grep -q USE_SYSTEM_JEMALLOC "$tree/src/Makefile" || die "Debian's patches did not add USE_SYSTEM_JEMALLOC"
}

build_one() {
  local version="$1" allocator="$2" deb_version="$3" suite="$4"
  local target upstream tree
  target="$cache_root/$version-$allocator"
  upstream="${deb_version%-*}"
  if ! ls "$src_dir"/valkey_"$upstream".orig.tar.* >/dev/null 2>&1 ||
    { [ "$allocator" = system ] && [ ! -f "$src_dir/valkey_$deb_version.debian.tar.xz" ]; }; then
    if [ "$allocator" = system ]; then fetch_source "$deb_version" "$suite" ""; else
      fetch_source "$deb_version" "$suite" --tar-only
    fi
  fi
  tree="$cache_root/build-$version-$allocator"
  # -O2 without link-time optimisation: the memory layout is the same, the build much shorter.
  local make_args=(-j"$jobs" MALLOC=jemalloc BUILD_TLS=no OPTIMIZATION=-O2)
  [ "$allocator" = system ] && make_args+=(USE_SYSTEM_JEMALLOC=yes)
  if [ "$allocator" = system ] && [ ! -f /usr/include/jemalloc/jemalloc.h ]; then
    die "libjemalloc-dev is not installed (run scripts/install-system-deps.sh)"
  fi
  # An interrupted build resumes: make continues in the tree unpacked (and patched) before.
  if [ ! -f "$tree/.unpacked" ]; then
    unpack_upstream "$deb_version" "$tree"
    [ "$allocator" = system ] && apply_debian_patches "$deb_version" "$tree"
    touch "$tree/.unpacked"
  fi
  say "building valkey $version ($allocator jemalloc): make ${make_args[*]}"
  (cd "$tree" && make "${make_args[@]}" >"$tree/build.log" 2>&1) ||
    { tail -n 30 "$tree/build.log" >&2; die "build of valkey $version ($allocator) failed; log: $tree/build.log"; }
  mkdir -p "$target/bin"
  cp "$tree/src/valkey-server" "$tree/src/valkey-cli" "$target/bin/"
  if [ "$allocator" = system ]; then
    # Captured first: under pipefail, `ldd | grep -q` fails when grep exits before ldd has written all.
    local libs
    libs=$(ldd "$target/bin/valkey-server") || die "ldd could not read $target/bin/valkey-server"
    grep -q libjemalloc <<<"$libs" || die "valkey $version (system) does not link libjemalloc"
  fi
  rm -rf "$tree"
}

# Starts the server on a free loopback port just long enough to ask its allocator what it is.
report_allocator() {
  local version="$1" allocator="$2" server cli port pid stats
  server=$(server_path "$version" "$allocator")
  cli="$(dirname "$server")/valkey-cli"
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null ||
    echo $((20000 + RANDOM % 20000)))
  "$server" --port "$port" --bind 127.0.0.1 --save "" --appendonly no --daemonize no \
    --logfile /dev/null >/dev/null 2>&1 &
  pid=$!
  for _ in $(seq 50); do "$cli" -p "$port" ping >/dev/null 2>&1 && break; sleep 0.1; done
  stats=$("$cli" -p "$port" memory malloc-stats 2>/dev/null || true)
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  local je quantum
  je=$(grep -m1 -i '^version: ' <<<"$stats" | cut -d' ' -f2- | tr -d '"' || true)
  quantum=$(grep -m1 -o 'Quantum size: [0-9]*' <<<"$stats" | grep -o '[0-9]*$' || true)
  [ -n "$je" ] && [ -n "$quantum" ] || die "valkey $version ($allocator) did not report its allocator in MEMORY MALLOC-STATS"
  echo "valkey $version ($allocator): jemalloc $je, quantum size $quantum"
}

for b in "${builds[@]}"; do
  IFS='|' read -r version allocator deb_version suite <<<"$b"
  if [ -x "$(server_path "$version" "$allocator")" ]; then
    say "valkey $version ($allocator) is cached"
  else
    build_one "$version" "$allocator" "$deb_version" "$suite"
  fi
done
for b in "${builds[@]}"; do
  IFS='|' read -r version allocator _ _ <<<"$b"
  report_allocator "$version" "$allocator"
done
