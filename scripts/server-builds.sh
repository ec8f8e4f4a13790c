#!/usr/bin/env bash
# Fetches and builds the real servers the validation measures:
#   Valkey 8.1.1 with its bundled jemalloc, 9.1.2 with its bundled jemalloc (the official builds),
#   Valkey 9.1.2 against Debian's system jemalloc (as the distribution packages build it),
#   Redis 8.0.6 and 8.6.3 with their bundled jemalloc (as upstream builds them; core server only,
#   no modules: the top Makefile adds them only with BUILD_WITH_MODULES=yes).
# Sources come from Debian's source packages (Valkey 8.1.1 in trixie, 9.1.2 in sid; Redis 8.0.6 in
# sid, 8.6.3 in experimental), fetched with apt's own tools through a private configuration, so the
# machine's apt setup is left as it was.
# Builds are cached outside the clone, keyed by server, version and allocator:
#   ${XDG_CACHE_HOME:-$HOME/.cache}/valkey-ram-planner/<server>/<version>-<allocator>/bin/<server>-server
# (the lock, apt state and downloaded sources stay in .../valkey-ram-planner/valkey/, where the
# first Valkey-only builds kept them). A second run finds the builds there and does nothing else.
# Any failed step stops the script.
#
# Usage: scripts/server-builds.sh [BUILD...]  build what is missing (all, or the named ones, e.g.
#                                             valkey-9.1.2-system, redis-8.6.3-bundled), then log
#                                             each allocator
#        scripts/server-builds.sh --print     print the cached server paths, one a line (no builds)
set -euo pipefail

cache_root="${XDG_CACHE_HOME:-$HOME/.cache}/valkey-ram-planner"
state_dir="$cache_root/valkey"
jobs="${SERVER_BUILD_JOBS:-${VALKEY_BUILD_JOBS:-2}}"

# server|version|allocator|Debian source version|suite
builds=(
  "valkey|8.1.1|bundled|8.1.1+dfsg1-3+deb13u3|trixie"
  "valkey|9.1.2|bundled|9.1.2-1|sid"
  "valkey|9.1.2|system|9.1.2-1|sid"
  "redis|8.0.6|bundled|5:8.0.6-3|sid"
  "redis|8.6.3|bundled|5:8.6.3-1|experimental"
)

die() {
  echo "server-builds: $*" >&2
  exit 1
}
say() { echo "server-builds: $*" >&2; }

server_path() { echo "$cache_root/$1/$2-$3/bin/$1-server"; }

if [ "${1:-}" = "--print" ]; then
  for b in "${builds[@]}"; do
    IFS='|' read -r server version allocator _ _ <<<"$b"
    server_path "$server" "$version" "$allocator"
  done
  exit 0
fi

if [ $# -gt 0 ]; then
  selected=()
  known=()
  for b in "${builds[@]}"; do
    IFS='|' read -r server version allocator _ _ <<<"$b"
    known+=("$server-$version-$allocator")
  done
  for name in "$@"; do
    found=no
    for b in "${builds[@]}"; do
      IFS='|' read -r server version allocator _ _ <<<"$b"
      [ "$name" = "$server-$version-$allocator" ] && selected+=("$b") && found=yes
    done
    [ "$found" = yes ] || die "unknown build $name (known: ${known[*]})"
  done
  builds=("${selected[@]}")
fi

# One run at a time builds into the cache: a second one waits rather than unpack over the first.
mkdir -p "$state_dir"
exec 9>"$state_dir/.lock"
if ! flock -n 9; then
  say "another run is building into $cache_root; waiting for it"
  flock 9
fi

apt_dir="$state_dir/apt"
src_dir="$state_dir/sources"

apt_opts() {
  echo "-o Dir::Etc::SourceList=$apt_dir/sources.list -o Dir::Etc::SourceParts=/dev/null" \
    "-o Dir::State::Lists=$apt_dir/lists -o Dir::Cache=$apt_dir/cache" \
    "-o Dir::State::status=/dev/null -o Debug::NoLocking=1 -o APT::Sandbox::User=root"
}

# Debian's version without its epoch ("5:") and revision ("-3"): the upstream tarball's version.
upstream_version() {
  local v="${1#*:}"
  echo "${v%-*}"
}

# The Debian archive this machine's own apt configuration uses (DEBIAN_MIRROR overrides it): the
# private sources list reads the newer suites' sources from the same place.
debian_mirror() {
  if [ -n "${DEBIAN_MIRROR:-}" ]; then echo "$DEBIAN_MIRROR"; return; fi
  local file line uri
  for file in /etc/apt/sources.list.d/*.sources; do
    [ -f "$file" ] || continue
    while read -r line; do
      case "$line" in URIs:*)
        for uri in ${line#URIs:}; do
          case "$uri" in */debian) echo "$uri"; return ;; esac
        done ;;
      esac
    done <"$file"
  done
  if [ -f /etc/apt/sources.list ]; then
    while read -r line; do
      # deb [options] URI suite components
      for uri in $line; do
        case "$uri" in http*://*/debian) echo "$uri"; return ;; esac
      done
    done </etc/apt/sources.list
  fi
  die "no Debian archive found in /etc/apt/sources.list(.d); set DEBIAN_MIRROR to one"
}

apt_updated=no
# Downloads the files of one Debian source version of package $1 into $src_dir; --tar-only skips
# the packaging.
fetch_source() {
  local package="$1" deb_version="$2" suite="$3" what="$4"
  mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$src_dir"
  if [ "$apt_updated" = no ]; then
    local mirror
    mirror=$(debian_mirror)
    cat >"$apt_dir/sources.list" <<EOF
deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror trixie main
deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror sid main
deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror experimental main
EOF
    say "reading the source indexes of trixie, sid and experimental (private apt configuration in $apt_dir)"
    # shellcheck disable=SC2046
    apt-get $(apt_opts) update -qq || die "apt-get update failed for the private trixie/sid/experimental sources list"
    apt_updated=yes
  fi
  say "fetching $package $deb_version ($suite)"
  # shellcheck disable=SC2046
  (cd "$src_dir" && apt-get $(apt_opts) source --download-only $what "$package=$deb_version") ||
    die "could not download $package $deb_version from $suite (is the version still in the archive?)"
}

# The upstream tarball of package $1 at upstream version $2, or nothing when it is not downloaded.
upstream_tarball() {
  local candidates=("$src_dir/$1_$2".orig.tar.*)
  if [ -e "${candidates[0]}" ]; then echo "${candidates[0]}"; fi
}

# Unpacks a fresh tree of the upstream tarball of package $1, version $2, into $3.
unpack_upstream() {
  local package="$1" upstream="$2" tree="$3" tarball
  tarball=$(upstream_tarball "$package" "$upstream")
  [ -n "$tarball" ] || die "no upstream tarball for $package $upstream in $src_dir"
  rm -rf "$tree" && mkdir -p "$tree"
  tar -xf "$tarball" -C "$tree" --strip-components=1 || die "could not unpack $tarball"
  [ -d "$tree/deps/jemalloc" ] || die "$tarball has no deps/jemalloc"
}

# Debian's patches add USE_SYSTEM_JEMALLOC; upstream silently ignores the flag without them.
apply_debian_patches() {
  local package="$1" deb_version="$2" tree="$3" packaging
  packaging="$src_dir/${package}_${deb_version#*:}.debian.tar.xz"
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
  local server="$1" version="$2" allocator="$3" deb_version="$4" suite="$5"
  local target upstream tree started
  started=$(date +%s)
  target="$cache_root/$server/$version-$allocator"
  upstream=$(upstream_version "$deb_version")
  if [ -z "$(upstream_tarball "$server" "$upstream")" ] ||
    { [ "$allocator" = system ] && [ ! -f "$src_dir/${server}_${deb_version#*:}.debian.tar.xz" ]; }; then
    if [ "$allocator" = system ]; then fetch_source "$server" "$deb_version" "$suite" ""; else
      fetch_source "$server" "$deb_version" "$suite" --tar-only
    fi
  fi
  # Valkey's build trees stay where they were before Redis joined the builds.
  if [ "$server" = valkey ]; then tree="$state_dir/build-$version-$allocator"; else
    tree="$cache_root/$server/build-$version-$allocator"
  fi
  # -O2 without link-time optimisation: the memory layout is the same, the build much shorter.
  # Redis adds its modules only with BUILD_WITH_MODULES=yes: left unset, this is the core server.
  local make_args=(-j"$jobs" MALLOC=jemalloc BUILD_TLS=no OPTIMIZATION=-O2)
  [ "$allocator" = system ] && make_args+=(USE_SYSTEM_JEMALLOC=yes)
  if [ "$allocator" = system ] && [ ! -f /usr/include/jemalloc/jemalloc.h ]; then
    die "libjemalloc-dev is not installed (run scripts/install-system-deps.sh)"
  fi
  # An interrupted build resumes: make continues in the tree unpacked (and patched) before.
  if [ ! -f "$tree/.unpacked" ]; then
    unpack_upstream "$server" "$upstream" "$tree"
    [ "$allocator" = system ] && apply_debian_patches "$server" "$deb_version" "$tree"
    touch "$tree/.unpacked"
  fi
  say "building $server $version ($allocator jemalloc): make ${make_args[*]}"
  (cd "$tree" && make "${make_args[@]}" >"$tree/build.log" 2>&1) ||
    { tail -n 30 "$tree/build.log" >&2; die "build of $server $version ($allocator) failed; log: $tree/build.log"; }
  mkdir -p "$target/bin"
  cp "$tree/src/$server-server" "$tree/src/$server-cli" "$target/bin/"
  if [ "$allocator" = system ]; then
    # Captured first: under pipefail, `ldd | grep -q` fails when grep exits before ldd has written all.
    local libs
    libs=$(ldd "$target/bin/$server-server") || die "ldd could not read $target/bin/$server-server"
    grep -q libjemalloc <<<"$libs" || die "$server $version (system) does not link libjemalloc"
  fi
  rm -rf "$tree"
  say "built $server $version ($allocator jemalloc) in $(($(date +%s) - started)) s"
}

# Starts the server on a free loopback port just long enough to ask its allocator what it is.
report_allocator() {
  local server="$1" version="$2" allocator="$3" binary cli port pid stats
  binary=$(server_path "$server" "$version" "$allocator")
  cli="$(dirname "$binary")/$server-cli"
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null ||
    echo $((20000 + RANDOM % 20000)))
  "$binary" --port "$port" --bind 127.0.0.1 --save "" --appendonly no --daemonize no \
    --logfile /dev/null >/dev/null 2>&1 &
  pid=$!
  for _ in $(seq 50); do "$cli" -p "$port" ping >/dev/null 2>&1 && break; sleep 0.1; done
  stats=$("$cli" -p "$port" memory malloc-stats 2>/dev/null || true)
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  local je quantum
  je=$(grep -m1 -i '^version: ' <<<"$stats" | cut -d' ' -f2- | tr -d '"' || true)
  quantum=$(grep -m1 -o 'Quantum size: [0-9]*' <<<"$stats" | grep -o '[0-9]*$' || true)
  [ -n "$je" ] && [ -n "$quantum" ] || die "$server $version ($allocator) did not report its allocator in MEMORY MALLOC-STATS"
  echo "$server $version ($allocator): jemalloc $je, quantum size $quantum"
}

for b in "${builds[@]}"; do
  IFS='|' read -r server version allocator deb_version suite <<<"$b"
  if [ -x "$(server_path "$server" "$version" "$allocator")" ]; then
    say "$server $version ($allocator) is cached"
  else
    build_one "$server" "$version" "$allocator" "$deb_version" "$suite"
  fi
done
for b in "${builds[@]}"; do
  IFS='|' read -r server version allocator _ _ <<<"$b"
  report_allocator "$server" "$version" "$allocator"
done
