-- wrk script for bench:sandbox: counts answers by status across threads and prints one JSON line
-- (seconds, requests, statuses, latency p50/p99/max in ms, socket errors) for the bench to read.
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) statuses = {} end
function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end
function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do total[status] = (total[status] or 0) + count end
  end
  local parts = {}
  for status, count in pairs(total) do table.insert(parts, string.format('"%d":%d', status, count)) end
  io.write(string.format('{"seconds":%f,"requests":%d,"statuses":{%s},"p50":%f,"p99":%f,"max":%f,"errors":{"connect":%d,"read":%d,"write":%d,"timeout":%d,"status":%d}}\n',
    summary.duration / 1e6, summary.requests, table.concat(parts, ","), latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout, summary.errors.status))
end
