# Astro's build log, kept short: its list of every route written (one line per page, several glued onto one line
# when pages finish together, orphan "(+84ms)" fragments) becomes a count of pages. On a terminal the count updates
# in place; elsewhere (CI, a file) a line every 1,000 pages. Every other line passes as it is. Run by build-site.sh.
# Counting bytes is enough: mawk and gawk both match the box-drawing markers as written.
BEGIN { next_line = 1000 }
function count_routes(line,   n) {
  n = gsub(/(├|└)─ /, "", line)
  return n
}
{
  n = count_routes($0)
  if (n > 0 || $0 ~ /^[ \t]*(\(\+[0-9.]+m?s\)[ \t]*)+$/) {
    pages += n
    if (tty) printf "\r  %d pages written", pages
    else if (pages >= next_line) { printf "  %d pages written\n", pages; next_line = pages - pages % 1000 + 1000 }
    next
  }
  if ($0 ~ /generating static routes/) { next }
  if (tty && pages > 0 && !line_ended) { printf "\n"; line_ended = 1 }
  print
  fflush()
}
END {
  if (pages > 0) {
    if (tty && !line_ended) printf "\n"
    printf "  %d pages written in all.\n", pages
  }
}
