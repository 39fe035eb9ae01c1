// The system's SQLite (Debian's libsqlite3-dev), for the SDK's store on Linux. Apple
// platforms import their own SQLite3 module instead.
#include <sqlite3.h>
