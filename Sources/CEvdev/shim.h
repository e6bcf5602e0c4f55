#ifndef CATALOG_CEVDEV_SHIM_H
#define CATALOG_CEVDEV_SHIM_H

/* Thin wrappers for the evdev ioctl requests whose macros Swift cannot import.
 * Each returns what ioctl returns: -1 with errno set on failure. */

#include <linux/input.h>
#include <sys/ioctl.h>
#include <time.h>

/* EVIOCGRAB: on != 0 takes the device exclusively, 0 releases it. */
static inline int catalog_evdev_grab(int fd, int on) {
    return ioctl(fd, EVIOCGRAB, (unsigned long)(on ? 1 : 0));
}

/* EVIOCGNAME: the device's name, NUL-terminated within len bytes. */
static inline int catalog_evdev_name(int fd, char *buf, unsigned int len) {
    return ioctl(fd, EVIOCGNAME(len), buf);
}

/* EVIOCGID: bus type, vendor, product and version. */
static inline int catalog_evdev_id(int fd, struct input_id *id) {
    return ioctl(fd, EVIOCGID, id);
}

/* EVIOCGKEY: one bit per key code, set while that key is held. */
static inline int catalog_evdev_key_state(int fd, unsigned char *buf, unsigned int len) {
    return ioctl(fd, EVIOCGKEY(len), buf);
}

/* EVIOCSCLOCKID: which clock stamps the events (CLOCK_MONOTONIC for gap timing). */
static inline int catalog_evdev_set_clock(int fd, int clockid) {
    return ioctl(fd, EVIOCSCLOCKID, &clockid);
}

/* EVIOCGBIT: one bit per code the device can send for event type `type` (0 gives the types). */
static inline int catalog_evdev_bits(int fd, unsigned int type, unsigned char *buf, unsigned int len) {
    return ioctl(fd, EVIOCGBIT(type, len), buf);
}

#endif
