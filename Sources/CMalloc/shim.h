// glibc's malloc tuning (`mallopt`, `malloc_info`): the server limits its arenas
// (`MallocArenas`). Nothing on other systems.
#if defined(__linux__)
#include <malloc.h>
#endif
