// The system's zlib (Debian's zlib1g-dev; part of macOS's SDK): deflate for the PNG pictures
// `campusmarket seed` draws.
#include <zlib.h>
