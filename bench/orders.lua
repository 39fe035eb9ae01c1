-- wrk script for bench/orders.sh: every request makes one order on a listing no other request
-- uses (listing ids from ORDERS_IDS, split between wrk's threads), as one of the buyers in
-- ORDERS_TOKENS. ORDERS_KIND is "purchase" or "rental".
local kind = os.getenv("ORDERS_KIND")
local threads = tonumber(os.getenv("ORDERS_THREADS"))
local next_thread = 0

function setup(thread)
  thread:set("index", next_thread)
  next_thread = next_thread + 1
end

function init(args)
  ids, tokens = {}, {}
  for line in io.lines(os.getenv("ORDERS_IDS")) do ids[#ids + 1] = line end
  for line in io.lines(os.getenv("ORDERS_TOKENS")) do tokens[#tokens + 1] = line end
  made = 0
  if kind == "purchase" then
    body = '{"fulfillment":"pickup"}'
  else
    body = '{"start":"' .. os.getenv("ORDERS_START") .. '","end":"' .. os.getenv("ORDERS_END") .. '"}'
  end
end

function request()
  local n = made * threads + index + 1
  made = made + 1
  local id = ids[((n - 1) % #ids) + 1]
  local path = kind == "purchase" and ("/api/v1/listings/" .. id .. "/purchase") or ("/api/v1/listings/" .. id .. "/rentals")
  return wrk.format("POST", path, {
    ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. tokens[(n % #tokens) + 1],
  }, body)
end
