#!/usr/bin/env bash
# Builds what the QEMU scanner test boots: Debian's installed kernel (linux-image-amd64) and an
# initramfs holding busybox, the USB/HID/evdev modules and scanner-probe, a static executable made
# from Sources/Scanner/Device/*.swift and scripts/qemu-scanner/main.swift.
#
# Usage: scripts/qemu-scanner/build.sh OUTPUT-DIR
# Needs: qemu-system-x86, busybox-static, linux-image-amd64 (scripts/setup.sh --with-test-tools).
# Writes OUTPUT-DIR/vmlinuz and OUTPUT-DIR/initrd.gz.
# With CATALOG_QEMU_CACHE=DIR, a build is kept in DIR under a hash of everything it is made from (the
# probe's sources, this script, the kernel, busybox, swiftc's version) and reused while none changes.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${1:?usage: build.sh OUTPUT-DIR}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

kernel="$(ls /boot/vmlinuz-* 2>/dev/null | sort -V | tail -1 || true)"
[ -n "$kernel" ] || { echo "no /boot/vmlinuz-*: install linux-image-amd64" >&2; exit 2; }
version="${kernel#/boot/vmlinuz-}"
modules="/lib/modules/$version"
[ -d "$modules" ] || { echo "no $modules for $kernel" >&2; exit 2; }
busybox="$(command -v busybox || true)"
if [ -z "$busybox" ] || ldd "$busybox" >/dev/null 2>&1; then
    echo "no static busybox: install busybox-static" >&2
    exit 2
fi

cache=""
if [ -n "${CATALOG_QEMU_CACHE:-}" ]; then
    key=$( (cat "$root"/Sources/Scanner/Device/*.swift "$root/scripts/qemu-scanner/main.swift" "$0" \
        "$root/Sources/CEvdev/shim.h" "$root/Sources/CEvdev/module.modulemap"
        echo "$kernel $(stat -c %s.%Y "$kernel") $(stat -c %s.%Y "$busybox")"
        swiftc --version 2>&1) | sha256sum | cut -c1-16)
    cache="$CATALOG_QEMU_CACHE/$key"
    if [ -f "$cache/vmlinuz" ] && [ -f "$cache/initrd.gz" ]; then
        cp "$cache/vmlinuz" "$cache/initrd.gz" "$out/"
        echo "reused $cache (nothing it is built from changed)"
        exit 0
    fi
fi

echo "== scanner-probe (static)"
swiftc -O -swift-version 6 -static-executable -module-name ScannerProbe \
    -Xcc -fmodule-map-file="$root/Sources/CEvdev/module.modulemap" -I "$root/Sources/CEvdev" \
    "$root"/Sources/Scanner/Device/*.swift "$root/scripts/qemu-scanner/main.swift" \
    -o "$out/scanner-probe" 2>&1 | grep -v "statically linked applications\|is dangerous" || true
[ -x "$out/scanner-probe" ] || { echo "scanner-probe did not build" >&2; exit 1; }
strip "$out/scanner-probe"

echo "== initramfs ($version)"
rootfs="$out/rootfs"
rm -rf "$rootfs"
mkdir -p "$rootfs/bin" "$rootfs/lib/modules" "$rootfs/proc" "$rootfs/sys" "$rootfs/dev"
cp "$busybox" "$rootfs/bin/busybox"
cp "$out/scanner-probe" "$rootfs/scanner-probe"
mods="usb-common usbcore xhci-hcd xhci-pci hid usbhid hid-generic evdev"
for m in $mods; do
    file="$(find "$modules" -name "$m.ko*" | head -1)"
    [ -n "$file" ] || { echo "module $m not found under $modules" >&2; exit 2; }
    case "$file" in
        *.xz) xz -dc "$file" > "$rootfs/lib/modules/$m.ko" ;;
        *.zst) zstd -qdc "$file" > "$rootfs/lib/modules/$m.ko" ;;
        *) cp "$file" "$rootfs/lib/modules/$m.ko" ;;
    esac
done
cat > "$rootfs/init" <<EOI
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev
for m in $mods; do insmod /lib/modules/\$m.ko; done
/scanner-probe "QEMU USB Keyboard" Abc-123
echo "PROBE EXIT \$?"
poweroff -f
EOI
chmod +x "$rootfs/init"
cp "$kernel" "$out/vmlinuz"
(cd "$rootfs" && find . | busybox cpio -o -H newc 2>/dev/null | gzip -1 > "$out/initrd.gz")
if [ -n "$cache" ]; then
    mkdir -p "$cache.tmp.$$"
    cp "$out/vmlinuz" "$out/initrd.gz" "$cache.tmp.$$/"
    rm -rf "$cache"
    mv "$cache.tmp.$$" "$cache"
fi
echo "built $out/vmlinuz and $out/initrd.gz"
