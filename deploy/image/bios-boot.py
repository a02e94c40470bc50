#!/usr/bin/env python3
"""Writes GRUB's boot code for a legacy BIOS into a disk image, as grub-bios-setup would, without
a block device to run it on (scripts/build-image makes the image in a file).

  bios-boot.py IMAGE BOOT.IMG CORE.IMG CORE_LBA

- the MBR: boot.img's code, keeping the image's own disk signature and protective partition table
  (bytes 0x1b8-0x1ff, which sfdisk wrote); the sector of the core's start at 0x5c, the boot drive
  taken from the BIOS (0xff at 0x64), and the floppy check at 0x66 replaced by two NOPs, for BIOSes
  that pass a wrong drive number;
- the core at CORE_LBA (the BIOS boot partition's first sector), with the block list at the end
  of its first sector naming the rest: start CORE_LBA + 1, length, load segment 0x820.
"""
import struct
import sys

SECTOR = 512


def main():
    image, boot_img, core_img, lba = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    boot = bytearray(open(boot_img, "rb").read())
    core = bytearray(open(core_img, "rb").read())
    if len(boot) != SECTOR:
        sys.exit("boot.img is %d bytes, not %d" % (len(boot), SECTOR))
    core += b"\0" * (-len(core) % SECTOR)
    sectors = len(core) // SECTOR
    with open(image, "r+b") as f:
        f.seek(0)
        mbr = bytearray(f.read(SECTOR))
        if mbr[0x1fe:0x200] != b"\x55\xaa" or mbr[0x1c2] != 0xEE:
            sys.exit("%s has no protective MBR (is it a GPT disk image?)" % image)
        if sectors > 2048:
            sys.exit("GRUB's core is %d sectors: more than the 1 MiB BIOS boot partition" % sectors)
        f.seek(SECTOR)
        if f.read(8) != b"EFI PART":
            sys.exit("%s has no GPT header" % image)
        out = bytearray(boot)
        out[0x03:0x5a] = mbr[0x03:0x5a]          # a possible BPB, as grub-bios-setup keeps it
        out[0x1b8:0x1fe] = mbr[0x1b8:0x1fe]      # disk signature and partition table
        out[0x1fe:0x200] = b"\x55\xaa"
        struct.pack_into("<Q", out, 0x5c, lba)   # the core's first sector
        out[0x64] = 0xFF                         # the boot drive: the one the BIOS passes
        out[0x66:0x68] = b"\x90\x90"             # no floppy check
        # The block list: one run, the core's other sectors, loaded at 0x820:0.
        end = SECTOR - 12
        struct.pack_into("<QHH", core, end, lba + 1, sectors - 1, 0x820)
        struct.pack_into("<QHH", core, end - 12, 0, 0, 0)
        f.seek(0)
        f.write(out)
        f.seek(lba * SECTOR)
        f.write(core)
    print("BIOS boot: MBR code written, core %d sectors at LBA %d" % (sectors, lba))


if __name__ == "__main__":
    main()
