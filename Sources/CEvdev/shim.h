#include <linux/input.h>
