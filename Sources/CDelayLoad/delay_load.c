// Delay loading: libcurl (Foundation's URLSession), libcups, Cairo and libzint are loaded the
// first time one of their functions is called, not when `catalog` starts.
//
// Each function catalog (or Foundation) calls is defined here with the library's own prototype
// (the real headers are included, so the compiler checks every signature). The definition looks
// the real function up in the library on first use and calls it; after that it is one indirect
// call. The binary then has no DT_NEEDED entry for these libraries, so `catalog search` or
// `catalog --version` do not map and relocate the ~60 shared objects they pull in (about 13 ms
// of a 35 ms start on a 2-core machine). The Debian package still depends on them:
// scripts/package.sh reads the sonames below ("lib....so.N" strings) to add them to Depends.
//
// A library that cannot be loaded ends the process with a message naming the library, what it
// is for and the Debian package to install, and exit status 69 (unavailable).
#define CURL_DISABLE_TYPECHECK 1
#include <cairo/cairo-pdf.h>
#include <cairo/cairo.h>
#include <curl/curl.h>
#include <zint.h>
// CUPS marks its API visibility("default"), which would make these definitions public too, and a
// public definition here would also catch libcups's own calls to its functions. Declared plain:
#include <cups/versioning.h>
#undef _CUPS_PUBLIC
#define _CUPS_PUBLIC
#include <cups/cups.h>

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

struct delay_library {
    const char *soname;
    const char *package;
    const char *purpose;
    pthread_once_t once;
    void *handle;
};

static struct delay_library library_curl = {"libcurl.so.4", "libcurl4", "to reach Square", PTHREAD_ONCE_INIT, NULL};
static struct delay_library library_cups = {"libcups.so.2", "libcups2", "to print", PTHREAD_ONCE_INIT, NULL};
static struct delay_library library_cairo = {"libcairo.so.2", "libcairo2", "to draw labels", PTHREAD_ONCE_INIT, NULL};
static struct delay_library library_zint = {"libzint.so.2.11", "libzint2.11", "to draw barcodes", PTHREAD_ONCE_INIT, NULL};

static void delay_fail(const struct delay_library *library, const char *what, const char *detail) {
    fprintf(stderr,
            "catalog: cannot load %s from %s, which catalog needs %s: %s. Install it: sudo apt install %s\n", what,
            library->soname, library->purpose, detail ? detail : "unknown error", library->package);
    fflush(stderr);
    _exit(69);
}

#define DELAY_OPEN(name)                                                                                               \
    static void open_##name(void) { library_##name.handle = dlopen(library_##name.soname, RTLD_NOW | RTLD_LOCAL); }

DELAY_OPEN(curl)
DELAY_OPEN(cups)
DELAY_OPEN(cairo)
DELAY_OPEN(zint)

static void *delay_symbol(struct delay_library *library, void (*open)(void), const char *symbol) {
    pthread_once(&library->once, open);
    if (library->handle == NULL) delay_fail(library, "the library", dlerror());
    void *address = dlsym(library->handle, symbol);
    if (address == NULL) delay_fail(library, symbol, dlerror());
    return address;
}

// The address of the real `name` in `library`, looked up once (a benign race: every thread finds
// the same address).
#define DELAY_ADDRESS(library, name, type)                                                                             \
    static type real;                                                                                                  \
    type function = __atomic_load_n(&real, __ATOMIC_ACQUIRE);                                                          \
    if (function == NULL) {                                                                                            \
        function = (type)delay_symbol(&library_##library, open_##library, #name);                                                \
        __atomic_store_n(&real, function, __ATOMIC_RELEASE);                                                           \
    }

#define HIDDEN __attribute__((visibility("hidden")))

#define DELAY(library, result, name, parameters, arguments)                                                            \
    HIDDEN result name parameters {                                                                                    \
        typedef result(*name##_t) parameters;                                                                          \
        DELAY_ADDRESS(library, name, name##_t)                                                                         \
        return function arguments;                                                                                     \
    }

#define DELAY_VOID(library, name, parameters, arguments)                                                               \
    HIDDEN void name parameters {                                                                                      \
        typedef void(*name##_t) parameters;                                                                            \
        DELAY_ADDRESS(library, name, name##_t)                                                                         \
        function arguments;                                                                                            \
    }

// curl's three variadic functions take exactly one more argument: a long, a curl_off_t, a pointer
// or a function pointer, all passed the same way as a pointer-sized integer on x86-64 and
// AArch64. It is read as such and passed on.
#define DELAY_ONE_MORE(library, result, name, handle_type, option_type)                                                \
    HIDDEN result name(handle_type handle, option_type option, ...) {                                                  \
        typedef result (*name##_t)(handle_type, option_type, ...);                                                     \
        DELAY_ADDRESS(library, name, name##_t)                                                                         \
        va_list more;                                                                                                  \
        va_start(more, option);                                                                                        \
        void *value = va_arg(more, void *);                                                                            \
        va_end(more);                                                                                                  \
        return function(handle, option, value);                                                                        \
    }

// libcurl, for Foundation's URLSession
DELAY_VOID(curl, curl_easy_cleanup, (CURL *curl), (curl))
DELAY_ONE_MORE(curl, CURLcode, curl_easy_getinfo, CURL *, CURLINFO)
DELAY(curl, CURL *, curl_easy_init, (void), ())
DELAY(curl, CURLcode, curl_easy_pause, (CURL *handle, int bitmask), (handle, bitmask))
DELAY_ONE_MORE(curl, CURLcode, curl_easy_setopt, CURL *, CURLoption)
DELAY(curl, const char *, curl_easy_strerror, (CURLcode code), (code))
DELAY_VOID(curl, curl_free, (void *p), (p))
DELAY(curl, CURLcode, curl_global_init, (long flags), (flags))
DELAY(curl, CURLMcode, curl_multi_add_handle, (CURLM *multi_handle, CURL *curl_handle), (multi_handle, curl_handle))
DELAY(curl, CURLMcode, curl_multi_assign, (CURLM *multi_handle, curl_socket_t sockfd, void *sockp), (multi_handle, sockfd, sockp))
DELAY(curl, CURLMcode, curl_multi_cleanup, (CURLM *multi_handle), (multi_handle))
DELAY(curl, CURLMsg *, curl_multi_info_read, (CURLM *multi_handle, int *msgs_in_queue), (multi_handle, msgs_in_queue))
DELAY(curl, CURLM *, curl_multi_init, (void), ())
DELAY(curl, CURLMcode, curl_multi_remove_handle, (CURLM *multi_handle, CURL *curl_handle), (multi_handle, curl_handle))
DELAY_ONE_MORE(curl, CURLMcode, curl_multi_setopt, CURLM *, CURLMoption)
DELAY(curl, CURLMcode, curl_multi_socket_action, (CURLM *multi_handle, curl_socket_t s, int ev_bitmask, int *running_handles), (multi_handle, s, ev_bitmask, running_handles))
DELAY(curl, struct curl_slist *, curl_slist_append, (struct curl_slist *list, const char *data), (list, data))
DELAY_VOID(curl, curl_slist_free_all, (struct curl_slist *list), (list))
DELAY(curl, CURLU *, curl_url, (void), ())
DELAY(curl, CURLUcode, curl_url_get, (CURLU *handle, CURLUPart what, char **part, unsigned int flags), (handle, what, part, flags))
DELAY(curl, CURLUcode, curl_url_set, (CURLU *handle, CURLUPart what, const char *part, unsigned int flags), (handle, what, part, flags))
DELAY(curl, char *, curl_version, (void), ())
DELAY(curl, curl_version_info_data *, curl_version_info, (CURLversion age), (age))

// libzint
DELAY(zint, struct zint_symbol *, ZBarcode_Create, (void), ())
DELAY_VOID(zint, ZBarcode_Delete, (struct zint_symbol *symbol), (symbol))
DELAY(zint, int, ZBarcode_Encode, (struct zint_symbol *symbol, const unsigned char *source, int length), (symbol, source, length))

// Cairo
DELAY(cairo, cairo_t *, cairo_create, (cairo_surface_t *target), (target))
DELAY_VOID(cairo, cairo_destroy, (cairo_t *cr), (cr))
DELAY_VOID(cairo, cairo_fill, (cairo_t *cr), (cr))
DELAY_VOID(cairo, cairo_font_extents, (cairo_t *cr, cairo_font_extents_t *extents), (cr, extents))
DELAY(cairo, cairo_font_options_t *, cairo_font_options_create, (void), ())
DELAY_VOID(cairo, cairo_font_options_destroy, (cairo_font_options_t *options), (options))
DELAY_VOID(cairo, cairo_font_options_set_hint_metrics, (cairo_font_options_t *options, cairo_hint_metrics_t hint_metrics), (options, hint_metrics))
DELAY_VOID(cairo, cairo_font_options_set_hint_style, (cairo_font_options_t *options, cairo_hint_style_t hint_style), (options, hint_style))
DELAY(cairo, cairo_surface_t *, cairo_image_surface_create, (cairo_format_t format, int width, int height), (format, width, height))
DELAY_VOID(cairo, cairo_line_to, (cairo_t *cr, double x, double y), (cr, x, y))
DELAY_VOID(cairo, cairo_move_to, (cairo_t *cr, double x, double y), (cr, x, y))
DELAY_VOID(cairo, cairo_paint, (cairo_t *cr), (cr))
DELAY(cairo, cairo_surface_t *, cairo_pdf_surface_create_for_stream, (cairo_write_func_t write_func, void *closure, double width_in_points, double height_in_points), (write_func, closure, width_in_points, height_in_points))
DELAY_VOID(cairo, cairo_rectangle, (cairo_t *cr, double x, double y, double width, double height), (cr, x, y, width, height))
DELAY_VOID(cairo, cairo_restore, (cairo_t *cr), (cr))
DELAY_VOID(cairo, cairo_save, (cairo_t *cr), (cr))
DELAY_VOID(cairo, cairo_scale, (cairo_t *cr, double sx, double sy), (cr, sx, sy))
DELAY_VOID(cairo, cairo_select_font_face, (cairo_t *cr, const char *family, cairo_font_slant_t slant, cairo_font_weight_t weight), (cr, family, slant, weight))
DELAY_VOID(cairo, cairo_set_font_options, (cairo_t *cr, const cairo_font_options_t *options), (cr, options))
DELAY_VOID(cairo, cairo_set_font_size, (cairo_t *cr, double size), (cr, size))
DELAY_VOID(cairo, cairo_set_line_cap, (cairo_t *cr, cairo_line_cap_t line_cap), (cr, line_cap))
DELAY_VOID(cairo, cairo_set_line_join, (cairo_t *cr, cairo_line_join_t line_join), (cr, line_join))
DELAY_VOID(cairo, cairo_set_line_width, (cairo_t *cr, double width), (cr, width))
DELAY_VOID(cairo, cairo_set_source_rgb, (cairo_t *cr, double red, double green, double blue), (cr, red, green, blue))
DELAY_VOID(cairo, cairo_show_page, (cairo_t *cr), (cr))
DELAY_VOID(cairo, cairo_show_text, (cairo_t *cr, const char *utf8), (cr, utf8))
DELAY(cairo, cairo_status_t, cairo_status, (cairo_t *cr), (cr))
DELAY(cairo, const char *, cairo_status_to_string, (cairo_status_t status), (status))
DELAY_VOID(cairo, cairo_stroke, (cairo_t *cr), (cr))
DELAY_VOID(cairo, cairo_surface_destroy, (cairo_surface_t *surface), (surface))
DELAY_VOID(cairo, cairo_surface_finish, (cairo_surface_t *surface), (surface))
DELAY_VOID(cairo, cairo_surface_flush, (cairo_surface_t *surface), (surface))
DELAY(cairo, cairo_status_t, cairo_surface_status, (cairo_surface_t *surface), (surface))
DELAY(cairo, cairo_status_t, cairo_surface_write_to_png_stream, (cairo_surface_t *surface, cairo_write_func_t write_func, void *closure), (surface, write_func, closure))
DELAY_VOID(cairo, cairo_text_extents, (cairo_t *cr, const char *utf8, cairo_text_extents_t *extents), (cr, utf8, extents))
DELAY_VOID(cairo, cairo_translate, (cairo_t *cr, double tx, double ty), (cr, tx, ty))

// libcups
DELAY(cups, int, cupsAddOption, (const char *name, const char *value, int num_options, cups_option_t **options), (name, value, num_options, options))
DELAY(cups, ipp_status_t, cupsCancelDestJob, (http_t *http, cups_dest_t *dest, int job_id), (http, dest, job_id))
DELAY(cups, cups_dinfo_t *, cupsCopyDestInfo, (http_t *http, cups_dest_t *dest), (http, dest))
DELAY(cups, ipp_status_t, cupsCreateDestJob, (http_t *http, cups_dest_t *dest, cups_dinfo_t *info, int *job_id, const char *title, int num_options, cups_option_t *options), (http, dest, info, job_id, title, num_options, options))
DELAY(cups, ipp_t *, cupsDoRequest, (http_t *http, ipp_t *request, const char *resource), (http, request, resource))
DELAY(cups, http_encryption_t, cupsEncryption, (void), ())
DELAY(cups, ipp_status_t, cupsFinishDestDocument, (http_t *http, cups_dest_t *dest, cups_dinfo_t *info), (http, dest, info))
DELAY_VOID(cups, cupsFreeDestInfo, (cups_dinfo_t *dinfo), (dinfo))
DELAY_VOID(cups, cupsFreeDests, (int num_dests, cups_dest_t *dests), (num_dests, dests))
DELAY_VOID(cups, cupsFreeOptions, (int num_options, cups_option_t *options), (num_options, options))
DELAY(cups, int, cupsGetDestMediaByIndex, (http_t *http, cups_dest_t *dest, cups_dinfo_t *dinfo, int n, unsigned flags, cups_size_t *size), (http, dest, dinfo, n, flags, size))
DELAY(cups, int, cupsGetDestMediaByName, (http_t *http, cups_dest_t *dest, cups_dinfo_t *dinfo, const char *media, unsigned flags, cups_size_t *size), (http, dest, dinfo, media, flags, size))
DELAY(cups, int, cupsGetDestMediaBySize, (http_t *http, cups_dest_t *dest, cups_dinfo_t *dinfo, int width, int length, unsigned flags, cups_size_t *size), (http, dest, dinfo, width, length, flags, size))
DELAY(cups, int, cupsGetDestMediaCount, (http_t *http, cups_dest_t *dest, cups_dinfo_t *dinfo, unsigned flags), (http, dest, dinfo, flags))
DELAY(cups, int, cupsGetDests2, (http_t *http, cups_dest_t **dests), (http, dests))
DELAY(cups, cups_dest_t *, cupsGetNamedDest, (http_t *http, const char *name, const char *instance), (http, name, instance))
DELAY(cups, const char *, cupsGetOption, (const char *name, int num_options, cups_option_t *options), (name, num_options, options))
DELAY(cups, ipp_status_t, cupsLastError, (void), ())
DELAY(cups, const char *, cupsLastErrorString, (void), ())
DELAY(cups, const char *, cupsServer, (void), ())
DELAY_VOID(cups, cupsSetServer, (const char *server), (server))
DELAY(cups, http_status_t, cupsStartDestDocument, (http_t *http, cups_dest_t *dest, cups_dinfo_t *info, int job_id, const char *docname, const char *format, int num_options, cups_option_t *options, int last_document), (http, dest, info, job_id, docname, format, num_options, options, last_document))
DELAY(cups, const char *, cupsUser, (void), ())
DELAY(cups, http_status_t, cupsWriteRequestData, (http_t *http, const char *buffer, size_t length), (http, buffer, length))
DELAY_VOID(cups, httpClose, (http_t *http), (http))
DELAY(cups, http_status_t, httpGetStatus, (http_t *http), (http))
DELAY(cups, http_t *, httpConnect2, (const char *host, int port, http_addrlist_t *addrlist, int family, http_encryption_t encryption, int blocking, int msec, int *cancel), (host, port, addrlist, family, encryption, blocking, msec, cancel))
DELAY(cups, ipp_attribute_t *, ippAddString, (ipp_t *ipp, ipp_tag_t group, ipp_tag_t value_tag, const char *name, const char *language, const char *value), (ipp, group, value_tag, name, language, value))
DELAY(cups, ipp_attribute_t *, ippAddStrings, (ipp_t *ipp, ipp_tag_t group, ipp_tag_t value_tag, const char *name, int num_values, const char *language, const char * const *values), (ipp, group, value_tag, name, num_values, language, values))
DELAY_VOID(cups, ippDelete, (ipp_t *ipp), (ipp))
DELAY(cups, const char *, ippErrorString, (ipp_status_t error), (error))
DELAY(cups, ipp_attribute_t *, ippFindAttribute, (ipp_t *ipp, const char *name, ipp_tag_t value_tag), (ipp, name, value_tag))
DELAY(cups, int, ippGetBoolean, (ipp_attribute_t *attr, int element), (attr, element))
DELAY(cups, int, ippGetCount, (ipp_attribute_t *attr), (attr))
DELAY(cups, int, ippGetInteger, (ipp_attribute_t *attr, int element), (attr, element))
DELAY(cups, const char *, ippGetString, (ipp_attribute_t *attr, int element, const char **language), (attr, element, language))
DELAY(cups, ipp_t *, ippNewRequest, (ipp_op_t op), (op))
DELAY(cups, int, ippPort, (void), ())
