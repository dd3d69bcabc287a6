#!/bin/sh
# `npm run build [-- astro build options]`: builds the site with `astro build`, then writes its search index in a
# process of its own (src/build/search-index.ts), then checks the output against static hosts' limits
# (src/build/output-limits.ts). Options such as --outDir and --base go to `astro build`; the
# index step reads --outDir from them.
#
# One process after the other rather than Starlight's Pagefind step inside the build: the build process keeps most
# of its peak memory until it exits, so Pagefind inside it added its own on top. A shell script, not a Node one,
# because a Node parent waiting on the build would hold memory of its own for the whole build.
set -e
cd "$(dirname "$0")/../.."
# The project's Node (the `node` devDependency), as under npm, whoever calls this script.
PATH="$PWD/node_modules/.bin:$PATH"
# Rolldown (Vite's bundler) allocates with mimalloc, which by default commits its arena up front; the kernel
# backed it with transparent huge pages, so what bundling used stayed resident for the rest of the build.
# Committing on demand gives it back, in the same time. mimalloc reads this when Rolldown loads, so it is set here
# (a value already in the environment wins).
export MIMALLOC_ARENA_EAGER_COMMIT="${MIMALLOC_ARENA_EAGER_COMMIT:-0}"
# Astro lists every page it writes (a line or more per page); build-log.awk counts them instead. awk,
# not Node, so the filter costs nothing beside the build; the build's own status is kept through the pipe.
# Small young-generation semi-spaces for the build's main thread (src/build/build-memory.ts says why).
status_file=$(mktemp)
tty=0
[ -t 1 ] && tty=1
{
  if node --max-semi-space-size=16 node_modules/astro/bin/astro.mjs build "$@" 2>&1; then echo 0 >"$status_file"; else echo $? >"$status_file"; fi
} | awk -v tty="$tty" -f src/build/build-log.awk
status=$(cat "$status_file")
rm -f "$status_file"
[ "$status" = 0 ] || exit "$status"
node src/build/search-index.ts "$@"
# Last, once every file is written: warn when the output passes a static host's limits (file size, count, total).
exec node src/build/output-limits.ts "$@"
