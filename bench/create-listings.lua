-- wrk script for bench/saved-searches.sh: every request creates a listing, its body the next of
-- LISTING_BODIES (one JSON object per line, titles and categories as the seeded market has
-- them), as one of the sellers in LISTING_TOKENS.
local threads = tonumber(os.getenv("LISTING_THREADS"))
local next_thread = 0

function setup(thread)
  thread:set("index", next_thread)
  next_thread = next_thread + 1
end

function init(args)
  bodies, tokens = {}, {}
  for line in io.lines(os.getenv("LISTING_BODIES")) do bodies[#bodies + 1] = line end
  for line in io.lines(os.getenv("LISTING_TOKENS")) do tokens[#tokens + 1] = line end
  made = 0
end

function request()
  local n = made * threads + index + 1
  made = made + 1
  return wrk.format("POST", "/api/v1/listings", {
    ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. tokens[(n % #tokens) + 1],
  }, bodies[((n - 1) % #bodies) + 1])
end
