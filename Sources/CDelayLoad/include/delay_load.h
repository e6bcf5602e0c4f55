#ifndef CATALOG_DELAY_LOAD_H
#define CATALOG_DELAY_LOAD_H

// Nothing to call: delay_load.c defines libcurl's, libcups's, Cairo's and libzint's functions
// themselves, which load the library on first use. Depending on this target is what links them.

#endif
