#!/bin/sh
# `npm run build [-- astro build options]`: builds the site with `astro build`, then writes its search index in a
# process of its own (src/search/search-index.ts). Options such as --outDir and --base go to `astro build`; the
# index step reads --outDir from them.
#
# One process after the other rather than Starlight's Pagefind step inside the build: the build process keeps most
# of its peak memory until it exits, so Pagefind inside it added its own on top (1,000 operations: ~0.94 + 0.17 GB;
# 3,000: ~1.1 + 0.49 GB). A shell script, not a Node one, because a Node parent waiting on the build would hold
# ~45-65 MB of its own for the whole build.
set -e
cd "$(dirname "$0")/../.."
# The project's Node (the `node` devDependency), as under npm, whoever calls this script.
PATH="$PWD/node_modules/.bin:$PATH"
node node_modules/astro/bin/astro.mjs build "$@"
exec node src/search/search-index.ts "$@"
