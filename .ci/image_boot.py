#!/usr/bin/env python3
"""The station image, booted and played under QEMU (TCG, UEFI with OVMF): docs/deploy.md says
what each part shows and what only real hardware can.

A copy of the image gets three things the image itself never has: the kernel's console on the
first serial port (the station's messages, each verdict shown with its slip number, read there),
a test agent on a virtio serial port (.ci/image-test/agent: shell lines in, output out), and a
drop-in sending the station's messages to that console. Nothing else changes: the same kernel,
units, sway configuration, first-boot script and data partition.

  1. first boot: the event bundle on a USB stick (FAT) is installed by wordjudge-first-boot; the
     station comes up full screen on QEMU's display (screendump), as the wordjudge user, on tty1;
  2. a green and a red verdict typed on the emulated keyboard (QMP send-key), read from the screen;
  3. Ctrl+Alt+F1..F6, Ctrl+Alt+Backspace, Alt+SysRq combinations and sway's usual keys: the
     screen is the same before and after, the active VT stays tty1, the station is not restarted;
  4. touch: a virtual touch screen made inside the guest with uinput (.ci/image-test/touch.c)
     chooses the Polish division, types on the tile keyboard and presses JUDGE;
  5. the station killed: systemd brings it back; the time until its screen is back, measured;
  6. power cuts: the VM killed (SIGKILL, no shutdown) at a random moment within 0.6 s of JUDGE, then
     booted again; every verdict that reached the screen must be in the slip log, `slips verify`
     must pass, and the station must come back by itself.
  7. firmware: the same image under OVMF with Secure Boot on and Microsoft's keys (as a PC sold
     with Windows), and under SeaBIOS (a legacy BIOS): the station on screen, a verdict judged.
  8. display: QEMU's standard VGA (bochs), which Debian 12's sway cannot use: after three quick
     failures the station is drawn under X with openbox; a verdict judged; console and X-killing
     keys do nothing; with no display device at all, tty1 says so in words.
  Then: the next event from a stick through director mode; two machines from one stick (the hall);
  11. a root file system the initramfs cannot find: a message and a halt, never a shell.

The image's architecture is read from it: an arm64 image (build-image from the arm64 package)
boots under qemu-system-aarch64 on virt with AAVMF, a USB keyboard and virtio-gpu, parts 7 and 8
left out (no legacy BIOS, Secure Boot firmware or standard VGA there); the Raspberry Pi image
(build-image --raspi) is checked for what the Pi's firmware reads, and the kernel, initramfs and
command line it names are started on virt as that firmware would start them (the firmware and
the board themselves need a real Pi). Waits are 3 times longer for both (TCG emulating arm64).

Usage: .ci/image_boot.py IMAGE WORDJUDGE --key DIRECTOR.key [--cuts N] [--seed S] [--out DIR]
  WORDJUDGE is the host's command line (packs the event bundle, reads the slip log back).
"""
import argparse
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import time

PROJECT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HERE = os.path.join(PROJECT, ".ci", "image-test")
OVMF_CODE = "/usr/share/OVMF/OVMF_CODE_4M.fd"
OVMF_VARS = "/usr/share/OVMF/OVMF_VARS_4M.fd"
# Secure Boot as a PC sold with Windows has it: on, with Microsoft's keys enrolled (Debian's
# ovmf: the firmware built with SMM, its variables with the keys).
OVMF_SB_CODE = "/usr/share/OVMF/OVMF_CODE_4M.secboot.fd"
OVMF_SB_VARS = "/usr/share/OVMF/OVMF_VARS_4M.ms.fd"
# arm64: QEMU's virt machine with Debian's AAVMF (qemu-efi-aarch64), the UEFI of an arm64 board.
AAVMF_CODE = "/usr/share/AAVMF/AAVMF_CODE.fd"
AAVMF_VARS = "/usr/share/AAVMF/AAVMF_VARS.fd"
# What an image built from the arm64 package is tested without: there is no legacy BIOS and no
# Secure Boot firmware here, and virt has no standard VGA.
NOT_ON_ARM64 = ("firmware", "display")
# The image's architecture (arch_of), set once in main, and how many times longer than on amd64
# the test waits for anything on it: QEMU emulates arm64 on this PC (TCG), some 3 times slower.
ARCH = "amd64"
SLOW = 1


class Failed(Exception):
    pass


def log(msg):
    print(msg, flush=True)


def run(*cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode:
        raise Failed("%s: exit %d: %s" % (" ".join(cmd), r.returncode, (r.stderr or r.stdout).strip()))
    return r.stdout


def theme(name):
    text = open(os.path.join(PROJECT, "ui", "theme.slint")).read()
    m = re.search(r"out property <color> %s: *#([0-9a-fA-F]{6});" % re.escape(name), text)
    if not m:
        raise Failed("no colour %s in ui/theme.slint" % name)
    h = m.group(1)
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))


GREEN, RED, BACKGROUND = theme("acceptable"), theme("unacceptable"), theme("background")


# The Raspberry Pi image's MBR partitions have no names: they are these, in this order.
RASPI_PARTS = ("firmware", "wjroot", "wjdata")


def partitions(image):
    table = json.loads(run("sfdisk", "-J", image))["partitiontable"]
    return {p.get("name") or RASPI_PARTS[i]: (p["start"] * 512, p["size"] * 512)
            for i, p in enumerate(table["partitions"])}


def arch_of(image):
    """amd64 or arm64: which removable-media loader the image's ESP has (build-image puts one);
    raspi: the Raspberry Pi image (build-image --raspi), the Pi's firmware on an MBR disk."""
    if json.loads(run("sfdisk", "-J", image))["partitiontable"]["label"] == "dos":
        firm = "%s@@%d" % (image, partitions(image)["firmware"][0])
        names = run("mdir", "-b", "-i", firm, "::/").upper()
        if "START4.ELF" not in names or "CONFIG.TXT" not in names:
            raise Failed("an MBR image whose first partition has no start4.elf and config.txt: %s" % names)
        return "raspi"
    esp = "%s@@%d" % (image, partitions(image)["esp"][0])
    names = run("mdir", "-b", "-i", esp, "::/EFI/BOOT").upper()
    for arch, loader in (("amd64", "BOOTX64.EFI"), ("arm64", "BOOTAA64.EFI")):
        if loader in names:
            return arch
    raise Failed("the image's ESP has no BOOTX64.EFI or BOOTAA64.EFI: %s" % names)


def prepare(image, work, arch, name="test.img"):
    """The test's copy of the image (`name` in the work folder): console on the first serial
    port, the agent, the station's messages there."""
    test = os.path.join(work, name)
    run("cp", "--sparse=always", image, test)
    parts = partitions(test)
    if arch == "raspi":
        raspi_boot_files(test, parts, work)
    else:
        esp = "%s@@%d" % (test, parts["esp"][0])
        cfg = run("mtype", "-i", esp, "::/EFI/debian/grub.cfg")
        serial = {"amd64": "ttyS0", "arm64": "ttyAMA0"}[arch]       # virt's serial port is a PL011
        cfg, n = re.subn(r"^(linux /vmlinuz .*)$", r"\1 console=tty1 console=" + serial, cfg, flags=re.M)
        if n != 1:
            raise Failed("the image's grub.cfg has no kernel line")
        with open(os.path.join(work, "grub.cfg"), "w") as f:
            f.write(cfg)
        run("mcopy", "-o", "-i", esp, os.path.join(work, "grub.cfg"), "::/EFI/debian/grub.cfg")
    touch = os.path.join(work, "wordjudge-touch")
    gcc = {"amd64": "gcc", "arm64": "aarch64-linux-gnu-gcc", "raspi": "aarch64-linux-gnu-gcc"}[arch]
    run(gcc, "-static", "-O2", "-Wall", "-Werror", "-o", touch, os.path.join(HERE, "touch.c"))
    cmds = [
        "write %s/agent /usr/local/sbin/wordjudge-test-agent" % HERE,
        "sif /usr/local/sbin/wordjudge-test-agent mode 0100755",
        "write %s /usr/local/sbin/wordjudge-touch" % touch,
        "sif /usr/local/sbin/wordjudge-touch mode 0100755",
        "write %s/wordjudge-test-agent.service /etc/systemd/system/wordjudge-test-agent.service" % HERE,
        "mkdir /etc/systemd/system/multi-user.target.wants",
        "symlink /etc/systemd/system/multi-user.target.wants/wordjudge-test-agent.service "
        "/etc/systemd/system/wordjudge-test-agent.service",
        "mkdir /etc/systemd/system/wordjudge-station.service.d",
        "write %s/console.conf /etc/systemd/system/wordjudge-station.service.d/console.conf" % HERE,
    ]
    with open(os.path.join(work, "debugfs.cmds"), "w") as f:
        f.write("\n".join(cmds) + "\n")
    out = subprocess.run(["debugfs", "-w", "-f", os.path.join(work, "debugfs.cmds"),
                          "%s?offset=%d" % (test, parts["wjroot"][0])],
                         capture_output=True, text=True)
    bad = [l for l in out.stderr.splitlines() if "debugfs " not in l and "already exists" not in l and l.strip()]
    if out.returncode or bad:
        raise Failed("adding the agent to the test copy: %s" % out.stderr)
    return test


def raspi_boot_files(test, parts, work):
    """What the Pi's firmware would start, taken from the image's FAT partition as it reads them:
    config.txt's kernel and initramfs, each device tree a Pi 4 family board looks for, and the
    kernel's command line from cmdline.txt (the test's serial console added, for the station's
    messages). The firmware itself and the board only a real Pi runs (docs/deploy.md)."""
    firm = "%s@@%d" % (test, parts["firmware"][0])
    config = run("mtype", "-i", firm, "::/config.txt")
    settings = dict(re.findall(r"^(\w+)[= ](\S+)", config, re.M))
    names = run("mdir", "-b", "-i", firm, "::/").upper().split()
    want = [settings.get("kernel", "?"), settings.get("initramfs", "?"), "start4.elf", "fixup4.dat",
            "bcm2711-rpi-4-b.dtb", "bcm2711-rpi-400.dtb", "cmdline.txt"]
    missing = [n for n in want if "::/" + n.upper() not in names]
    if missing or settings.get("arm_64bit") != "1":
        raise Failed("the Pi's FAT partition lacks %s (arm_64bit=%s): %s" % (missing, settings.get("arm_64bit"), names))
    cmdline = run("mtype", "-i", firm, "::/cmdline.txt").strip()
    if "\n" in cmdline or not re.search(r"(^| )root=UUID=\S+ ro( |$)", cmdline):
        raise Failed("cmdline.txt is not one line naming the root by its UUID, read-only: %r" % cmdline)
    for name, f in (("kernel", settings["kernel"]), ("initrd", settings["initramfs"])):
        run("mcopy", "-o", "-i", firm, "::/" + f, os.path.join(work, "raspi-" + name))
    with open(os.path.join(work, "raspi-cmdline"), "w") as f:
        f.write(cmdline + " console=ttyAMA0")
    log("the Pi's FAT partition: %s; cmdline.txt: %s" % (" ".join(want), cmdline))


def make_bundle(wordjudge, work, key):
    """An event of two divisions (the demo list in English, the Polish list in Polish, on the
    tile keyboard), signed with `key` (whose public half the image was built to trust), on a FAT
    USB stick as a director copies it: wordjudge-event/. Beside it, in forged/wordjudge-event/,
    the same event signed by another key with that key's public half next to it: what someone
    who copied a stick would bring, and the image must refuse."""
    ev = os.path.join(work, "event")
    os.makedirs(os.path.join(ev, "lexicons"))
    toml = open(os.path.join(PROJECT, "kiosk.toml")).read()
    # The station's diagnostic messages on stderr (the journal, and here the console) rather
    # than in a file: the test reads each verdict's slip number there as it is shown.
    toml, n = re.subn(r"^diagnostic_log = .*$", "", toml, flags=re.M)
    if n != 1:
        raise Failed("kiosk.toml has no diagnostic_log line to take out")
    cfg = os.path.join(ev, "kiosk.toml")
    with open(cfg, "w") as f:
        f.write(toml)
    shutil.copy(os.path.join(PROJECT, "lexicons", "demo.fst"), os.path.join(ev, "lexicons"))
    run(wordjudge, "lexicon", "add", "OSPS", os.path.join(PROJECT, "lexicons", "alphabets", "polish.txt"),
        "--alphabet", "polish", "--config", cfg)
    with open(cfg, "a") as f:
        f.write('\n[divisions.polish]\nprimary = "OSPS"\nlanguage = "pl"\n')
        # The hall's time zone: the image's clock is UTC; times are shown in the event's zone.
        f.write('\n[event]\nname = "Image test"\ntime_zone = "Asia/Kolkata"\n')
    # The director's own PIN (the demo's is refused in a bundle).
    run(wordjudge, "pin", "set", "--config", cfg, input=EVENT_PIN + "\n")
    run(wordjudge, "config", "check", "--config", cfg)
    other = os.path.join(work, "other.key")
    run(wordjudge, "event", "key", "new", "-o", other, "--config", cfg)
    stick = os.path.join(work, "stick")
    for folder, signer in (("wordjudge-event", key), ("forged/wordjudge-event", other)):
        os.makedirs(os.path.join(stick, folder))
        run(wordjudge, "event", "pack", "-o", os.path.join(stick, folder, "event.tar"),
            "--key", signer, "--config", cfg)
        with open(os.path.join(stick, folder, "station"), "w") as f:
            f.write("7\n")
    shutil.copy(other + ".pub", os.path.join(stick, "forged/wordjudge-event", "director.key.pub"))
    img = os.path.join(work, "stick.img")
    run("mkfs.vfat", "-C", "-n", "EVENT", img, "32768")
    run("mcopy", "-s", "-i", img, os.path.join(stick, "wordjudge-event"), os.path.join(stick, "forged"), "::/")
    return img


def next_event_sticks(wordjudge, work, key):
    """The next event (another name, packed later, signed by the image's key) on a FAT stick,
    and an empty FAT stick for the logs."""
    cfg = os.path.join(work, "event", "kiosk.toml")
    with open(cfg) as f:
        toml = f.read()
    with open(cfg, "w") as f:
        f.write(toml.replace('name = "Image test"', 'name = "Image test, the next event"'))
    folder = os.path.join(work, "next", "wordjudge-event")
    os.makedirs(folder)
    out = run(wordjudge, "event", "pack", "-o", os.path.join(folder, "event.tar"), "--key", key, "--config", cfg)
    fingerprint = re.search(r"event fingerprint: (\S+)", out).group(1)
    nxt, logs = os.path.join(work, "next.img"), os.path.join(work, "logs.img")
    run("mkfs.vfat", "-C", "-n", "NEXT", nxt, "32768")
    run("mcopy", "-s", "-i", nxt, folder, "::/")
    run("mkfs.vfat", "-C", "-n", "LOGS", logs, "32768")
    return nxt, logs, fingerprint


def plug(vm, name, image):
    vm.qmp("blockdev-add", **{"driver": "raw", "node-name": name,
                              "file": {"driver": "file", "filename": image}})
    vm.qmp("device_add", driver="usb-storage", id=name + "-dev", drive=name)


def unplug(vm, name):
    vm.qmp("device_del", id=name + "-dev")
    time.sleep(3)
    vm.qmp("blockdev-del", **{"node-name": name})


def director_asks(vm, key, timeout=240):
    """Director mode (Ctrl+Alt+D, the event's PIN), `key` (E or C), Yes; the helper's answer."""
    vm.must("rm -f /run/wordjudge-stick/result")
    vm.keys("ctrl-alt-d")
    time.sleep(1.5)
    vm.type(EVENT_PIN + "\n")
    time.sleep(2.0)
    vm.type(key)
    time.sleep(1.5)
    shot = vm.screen("confirm-" + key)
    vm.keys("ret")
    end = time.monotonic() + timeout
    out = ""
    while time.monotonic() < end and not re.match(r"\d+ (done|failed)", out):
        time.sleep(2)
        rc, out = vm.agent("cat /run/wordjudge-stick/result 2>/dev/null", 30)
    if not re.match(r"\d+ (done|failed)", out):
        raise Failed("the stick helper did not answer %s within %d s" % (key, timeout))
    # The station takes the answer on its next tick (and, for an event, loads it: every lexicon
    # verified again) and says so in its journal.
    job = {"e": "InstallEvent", "c": "CopyLogs"}[key]
    while time.monotonic() < end:
        if re.search(r"\] stick helper: %s (done|NOT done)" % job, vm.must("journalctl -b -o cat | grep 'stick helper' || true"), re.M):
            time.sleep(1.0)
            return out, vm.screen("answer-" + key), shot
        time.sleep(1)
    raise Failed("the station did not take the helper's answer to %s (%s)" % (key, vm.screen("no-answer").path))


# The PIN make_bundle sets for the event.
EVENT_PIN = "27182818"


class Screen:
    def __init__(self, path):
        with open(path, "rb") as f:
            data = f.read()
        m = re.match(rb"P6\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
        if not m:
            raise Failed("screendump %s is not a PPM" % path)
        self.w, self.h = int(m.group(1)), int(m.group(2))
        self.data = data[m.end():]
        self.path = path

    def pixel(self, x, y):
        i = 3 * (y * self.w + x)
        return tuple(self.data[i:i + 3])

    def centre(self):
        return self.pixel(self.w // 2, self.h // 2)


class VM:
    def __init__(self, image, work, name, stick=None, firmware="uefi", display="virtio"):
        self.work, self.name = work, name
        self.console_path = os.path.join(work, "%s.console.log" % name)
        qmp, agent = os.path.join(work, "qmp.sock"), os.path.join(work, "agent.sock")
        for p in (qmp, agent):
            if os.path.exists(p):
                os.unlink(p)
        machine = "qemu-system-x86_64"
        if ARCH == "raspi":
            # The kernel, initramfs and command line the Pi's firmware would start, started by
            # QEMU on virt (no Pi firmware or board emulated: QEMU 7.2 has no Pi 4).
            machine = "qemu-system-aarch64"
            fw = ["-machine", "virt", "-cpu", "cortex-a72",
                  "-kernel", os.path.join(work, "raspi-kernel"), "-initrd", os.path.join(work, "raspi-initrd"),
                  "-append", open(os.path.join(work, "raspi-cmdline")).read()]
        elif ARCH == "arm64":
            # virt has no PS/2 keyboard: a USB one takes QMP's keys. cortex-a72 as a Pi 4 has
            # (QEMU's "max" adds pointer authentication, several times slower under TCG).
            vars_fd = os.path.join(work, "AAVMF_VARS.fd")
            if not os.path.exists(vars_fd):
                shutil.copy(AAVMF_VARS, vars_fd)
            machine = "qemu-system-aarch64"
            fw = ["-machine", "virt", "-cpu", "cortex-a72",
                  "-drive", "if=pflash,format=raw,readonly=on,file=" + AAVMF_CODE,
                  "-drive", "if=pflash,format=raw,file=" + vars_fd]
        elif firmware == "uefi":
            vars_fd = os.path.join(work, "OVMF_VARS.fd")
            if not os.path.exists(vars_fd):
                shutil.copy(OVMF_VARS, vars_fd)
            fw = ["-machine", "q35",
                  "-drive", "if=pflash,format=raw,readonly=on,file=" + OVMF_CODE,
                  "-drive", "if=pflash,format=raw,file=" + vars_fd]
        elif firmware == "secureboot":
            vars_fd = os.path.join(work, "OVMF_VARS.secureboot.fd")
            if not os.path.exists(vars_fd):
                shutil.copy(OVMF_SB_VARS, vars_fd)
            fw = ["-machine", "q35,smm=on", "-global", "driver=cfi.pflash01,property=secure,value=on",
                  "-drive", "if=pflash,format=raw,unit=0,readonly=on,file=" + OVMF_SB_CODE,
                  "-drive", "if=pflash,format=raw,unit=1,file=" + vars_fd]
        elif firmware == "bios":
            fw = ["-machine", "q35"]          # QEMU's own firmware: SeaBIOS, a legacy BIOS
        else:
            raise ValueError(firmware)
        # virtio-gpu, or QEMU's standard VGA (bochs): a plain frame buffer with no GPU, as a PC
        # whose graphics have no driver the kiosk can use.
        # No display device at all: nothing can draw.
        # ramfb: only the firmware's frame buffer (OVMF's GOP on QEMU's ramfb; the kernel's
        # efifb, no KMS device).
        gpu = {"virtio": ["-vga", "none", "-device", "virtio-gpu-pci"], "std": ["-vga", "std"],
               "none": ["-vga", "none"], "ramfb": ["-vga", "none", "-device", "ramfb"]}[display]
        args = [machine] + fw + ["-accel", "tcg", "-m", "2048", "-smp", "2",
                # The disk at a fixed PCI address and first in the boot order, with or without a
                # USB stick: the firmware's boot entries (kept in OVMF_VARS.fd from boot to boot,
                # as a PC keeps them) then find it every time.
                "-drive", "file=%s,format=raw,if=none,id=disk,cache=writeback" % image,
                "-device", "virtio-blk-pci,drive=disk,addr=0x6,bootindex=0",
                "-device", "qemu-xhci,addr=0x7",
                ] + (["-device", "usb-kbd"] if ARCH != "amd64" else []) + gpu + ["-display", "none", "-nic", "none",
                "-chardev", "file,id=con,path=" + self.console_path, "-serial", "chardev:con",
                "-device", "virtio-serial",
                "-chardev", "socket,id=agent,path=%s,server=on,wait=off" % agent,
                "-device", "virtserialport,chardev=agent,name=wordjudge.agent",
                "-qmp", "unix:%s,server=on,wait=off" % qmp]
        if stick:
            args += ["-drive", "if=none,id=stick,format=raw,file=" + stick,
                     "-device", "usb-storage,drive=stick,id=stick-dev"]
        self.started = time.monotonic()
        self.proc = subprocess.Popen(args, stdout=open(os.path.join(work, "%s.qemu.log" % name), "w"),
                                     stderr=subprocess.STDOUT)
        for _ in range(100):
            if os.path.exists(qmp) and os.path.exists(agent):
                break
            time.sleep(0.1)
        self.q = socket.socket(socket.AF_UNIX)
        self.q.connect(qmp)
        self.qf = self.q.makefile("rw")
        self.qf.readline()
        self.qmp("qmp_capabilities")
        self.a = socket.socket(socket.AF_UNIX)
        self.a.connect(agent)
        self.abuf = b""
        self.agent_ready = False
        self.shots = 0

    def qmp(self, cmd, **args):
        self.qf.write(json.dumps({"execute": cmd, "arguments": args} if args else {"execute": cmd}) + "\n")
        self.qf.flush()
        while True:
            r = json.loads(self.qf.readline())
            if "error" in r:
                raise Failed("QMP %s: %s" % (cmd, r["error"]))
            if "return" in r:
                return r["return"]

    def console(self):
        with open(self.console_path, "rb") as f:
            return f.read().decode("utf-8", "replace")

    def wait_console(self, pattern, timeout, after=0):
        end = time.monotonic() + timeout * SLOW
        while time.monotonic() < end:
            m = re.search(pattern, self.console()[after:])
            if m:
                return m
            if self.proc.poll() is not None:
                raise Failed("QEMU ended (%s)" % self.proc.returncode)
            time.sleep(0.25)
        return None

    def agent(self, line, timeout=60):
        """Runs a shell line in the guest; returns (exit status, output)."""
        timeout *= SLOW
        if not self.agent_ready:
            m = self._read_agent(rb"@@AGENT\r?\n", timeout)
            self.abuf = self.abuf[m.end():]
            self.agent_ready = True
        self.a.sendall(line.encode() + b"\n")
        m = self._read_agent(rb"@@END (\d+)\r?\n", timeout)
        out = self.abuf[:m.start()].decode("utf-8", "replace")
        self.abuf = self.abuf[m.end():]
        return int(m.group(1)), out

    def _read_agent(self, pattern, timeout):
        end = time.monotonic() + timeout
        self.a.settimeout(0.5)
        while True:
            m = re.search(pattern, self.abuf)
            if m:
                return m
            if time.monotonic() > end:
                raise Failed("the guest's agent did not answer within %d s" % timeout)
            try:
                chunk = self.a.recv(65536)
                if not chunk:
                    raise Failed("the agent's serial port closed")
                self.abuf += chunk
            except socket.timeout:
                pass

    def must(self, line, timeout=60):
        rc, out = self.agent(line, timeout)
        if rc:
            raise Failed("in the guest, `%s` failed (%d): %s" % (line, rc, out))
        return out

    def screen(self, label, keep=True):
        """A screendump; kept under its own name, or (keep=False, polling) in one file reused."""
        if keep:
            self.shots += 1
            name = "%s-%02d-%s.ppm" % (self.name, self.shots, label)
        else:
            name = "%s-poll.ppm" % self.name
        path = os.path.join(self.work, "shots", name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        self.qmp("screendump", filename=path)
        return Screen(path)

    def wait_screen(self, label, colour, timeout):
        end = time.monotonic() + timeout * SLOW
        while time.monotonic() < end:
            if self.screen(label, keep=False).centre() == colour:
                return self.screen(label)
            time.sleep(0.3)
        self.screen(label + "-not-seen")
        return None

    def key_until_changed(self, key, timeout):
        """Presses `key` until the screen changes (a station just started may not have the
        keyboard yet); returns the seconds it took."""
        t0 = time.monotonic()
        # A still screen first: a first frame may still be followed by others.
        before = self.screen("before-" + key, keep=False).data
        while time.monotonic() - t0 < timeout:
            time.sleep(1.0)
            now = self.screen("before-" + key, keep=False).data
            if now == before:
                break
            before = now
        while time.monotonic() - t0 < timeout:
            self.keys(key)
            time.sleep(1.0)
            if self.screen("after-" + key, keep=False).data != before:
                return time.monotonic() - t0
        raise Failed("the station did not take the key %s within %d s" % (key, timeout))

    def keys(self, *combos, hold=100):
        """Each combo is 'ctrl-alt-f1' style: QEMU's qcodes pressed together."""
        for combo in combos:
            self.qmp("send-key", keys=[{"type": "qcode", "data": k} for k in combo.split("-")], **{"hold-time": hold})
            time.sleep(0.15)

    def type(self, text):
        names = {" ": "spc", "\n": "ret"}
        for ch in text:
            self.keys(names.get(ch, ch))

    def cut(self):
        """Power cut: the VM killed, no shutdown."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self.close()

    def close(self):
        for s in (self.q, self.a):
            try:
                s.close()
            except OSError:
                pass

    def power_off(self):
        try:
            self.qmp("system_powerdown")
            self.proc.wait(timeout=90)
        except (subprocess.TimeoutExpired, Failed, OSError):
            self.proc.kill()
            self.proc.wait()
        self.close()


# The station's process id, read from /proc (the image has no pgrep).
STATION_PID = ('for p in /proc/[0-9]*; do [ "$(cat $p/comm 2>/dev/null)" = wordjudge-stati ] && echo ${p#/proc/};'
               ' done; true')
# What the booted system itself says of its firmware: Secure Boot on (the kernel's own line, and
# its lockdown, which Debian's kernel turns on when Secure Boot is); no EFI at all.
FIRMWARES = [
    ("secureboot",
     "sb=$(dmesg | grep -o 'Secure boot enabled' | head -1); l=$(cat /sys/kernel/security/lockdown);"
     " echo \"${sb:-Secure boot not enabled}; lockdown $l\"",
     r"Secure boot enabled; lockdown .*\[integrity\].*"),
    ("bios", "[ -d /sys/firmware/efi ] && echo uefi || echo 'legacy BIOS'", r"legacy BIOS"),
]
SHOWING = r"showing (✓|✗) (\S+) \(slip (\d+)\)"


def drawn(s):
    """Something on the screen besides the background: sway's own background is the station's
    colour (deploy/sway/config), so an empty output looks like an empty station."""
    return any(s.pixel(x, y) != BACKGROUND for x in range(0, s.w, 8) for y in range(0, s.h, 8))


# The only module events udev's rules in the image act on (deploy/image/udev-coldplug.conf): the
# coldplug sends no module, bus or driver events but block's and parport_pc's (FUSE's and
# configfs's are for mounts the image masks).
MODULE_RULES = {"block", "parport_pc", "fuse", "configfs"}


def boot_plumbing(vm):
    """What the image's boot is made of (issue 52, BENCHMARKS.md): dbus-broker is the system bus;
    no udev rule acts on a module's, a bus's or a driver's event but those the coldplug sends or the
    image does not use; the coldplug's second line finds the built-in block module."""
    bus = vm.must("systemctl show -p Id --value dbus.service").strip()
    if bus != "dbus-broker.service":
        raise Failed("the system bus is %r, not dbus-broker" % bus)
    lines = vm.must("grep -hE '" + 'SUBSYSTEM=="[^"]*(module|drivers|bus|subsystem)' + "' "
                    "/usr/lib/udev/rules.d/*.rules /etc/udev/rules.d/*.rules 2>/dev/null; true")
    for line in filter(None, (l.strip() for l in lines.splitlines())):
        m = re.search(r'KERNEL=="([^"]*)"', line)
        if not m or m.group(1) not in MODULE_RULES:
            raise Failed("a udev rule acts on events the coldplug no longer sends: %s" % line)
    found = vm.must("udevadm trigger --dry-run --verbose --type=subsystems --subsystem-match=module "
                    "--sysname-match=block --sysname-match=parport_pc")
    if "/sys/module/block" not in found.split():
        raise Failed("the coldplug's module events do not reach the block module: %s" % found)
    coldplug_passes(vm)
    seat = vm.must("systemctl is-active seatd.service; loginctl list-sessions --no-legend; true").split()
    if seat[:1] != ["active"] or len(seat) > 1:
        raise Failed("the station's seat is not seatd's alone (seatd, then logind's sessions): %s" % seat)
    log("boot: dbus-broker the system bus; udev's rules act on no module, bus or driver event but %s; "
        "the station's seat is seatd's, no login session" % ", ".join(sorted(MODULE_RULES)))


def coldplug_passes(vm):
    """udev's coldplug in two passes (deploy/image/udev-coldplug.conf): together every device once,
    and the first holds the screen's card's device and every input device."""
    conf = vm.must("cat /etc/systemd/system/systemd-udev-trigger.service.d/wordjudge.conf")
    passes = [l.split("=", 1)[1].lstrip("-") for l in conf.splitlines()
              if l.startswith("ExecStart=") and "trigger --type=devices" in l]
    every = vm.must("udevadm trigger --dry-run --verbose --type=devices").split()
    got = [vm.must(p + " --dry-run --verbose").split() for p in passes]
    if len(got) != 2 or sorted(got[0] + got[1]) != sorted(every):
        raise Failed("udev's coldplug passes are not every device once: %d passes, %d devices of %d"
                     % (len(got), sum(map(len, got)), len(every)))
    first = set(got[0])
    wanted = vm.must("readlink -f /sys/class/drm/card0/device /sys/class/input/input*").split()
    missing = [d for d in wanted if d not in first]
    if len(wanted) < 2 or missing:
        raise Failed("the coldplug's first pass lacks the screen or a keyboard: %s" % (missing or wanted))
    log("boot: udev's coldplug, the screen and %d input devices first (%d devices), then %d more"
        % (len(wanted) - 1, len(got[0]), len(got[1])))


def package_seat(vm):
    """The station's unit with the Debian package's seat.conf (deploy/systemd/...service.d:
    PAMName=login, logind's session) in place of the image's (seatd's): a session for the account,
    the station on screen, a verdict; then the image's seat again."""
    image = "/etc/systemd/system/wordjudge-station.service.d/seat.conf"
    package = "/usr/lib/systemd/system/wordjudge-station.service.d/seat.conf"
    vm.must("mount --bind %s %s && systemctl daemon-reload && systemctl restart wordjudge-station"
            % (package, image))
    try:
        station_sessions(vm, 1, "no login session for the station under the package's seat.conf")
        up(vm, 120)
        play(vm, "12cat dog", GREEN, "package-seat-green")
        clear(vm)
    finally:
        vm.must("umount %s && systemctl daemon-reload && systemctl restart wordjudge-station" % image)
    station_sessions(vm, 0, "the station's login session outlived the image's seat.conf")
    up(vm, 120)
    log("the package's seat.conf: a login session for wordjudge, the station on screen, a verdict; "
        "then seatd's seat again, no session")


def station_sessions(vm, n, otherwise):
    """Waits up to a minute for the wordjudge account to have n login sessions; fails saying
    `otherwise`."""
    count = "loginctl list-sessions --no-legend | grep -c ' wordjudge ' || true"
    for _ in range(60):
        if vm.must(count).strip() == str(n):
            return
        time.sleep(1)
    raise Failed(otherwise)


def analyze(vm, work, label, figures):
    """What this boot waited for (issue 52, item 5): `systemd-analyze` (the totals, the station's
    critical chain, the slowest units) kept in the work folder as systemd-analyze-LABEL.txt; when
    the station's unit started, as a figure. A measurement only: it never fails the test."""
    try:
        # After the boot is over: with the station given most of the CPU while the machine starts
        # (deploy/image/station-cpu.conf) it can be on screen before the rest has started.
        rc, out = vm.agent("systemctl is-system-running --wait >/dev/null 2>&1; "
                           "systemd-analyze time 2>&1; echo ==; "
                           "systemd-analyze critical-chain wordjudge-station.service 2>&1; echo ==; "
                           "systemd-analyze blame 2>&1 | head -n 20", 90)
    except Failed as e:
        log("systemd-analyze (%s): not read: %s" % (label, e))
        return
    with open(os.path.join(work, "systemd-analyze-%s.txt" % label), "w") as f:
        f.write(out)
    m = re.search(r"^wordjudge-station\.service @(?:(\d+)min )?([\d.]+)(ms|s)", out, re.M)
    if m:
        at = int(m.group(1) or 0) * 60 + float(m.group(2)) / (1000 if m.group(3) == "ms" else 1)
        figures["%s: the station's unit started, after the kernel (s, systemd-analyze)" % label] = at
    total = re.search(r"^Startup finished in .*$", out, re.M)
    log("systemd-analyze (%s): %s; %s" % (label, total.group(0) if total else out.splitlines()[:1],
                                          m.group(0) if m else "no critical chain"))


def up(vm, timeout=240):
    """The station on screen: its background at the centre and the far corner, and its text."""
    timeout *= SLOW
    end = time.monotonic() + timeout
    s = None
    while time.monotonic() < end:
        s = vm.wait_screen("up", BACKGROUND, max(1, (end - time.monotonic()) / SLOW))
        if s is None or drawn(s):
            break
        time.sleep(0.5)
    if s is None or not drawn(s):
        raise Failed("the station was not on screen %d s after boot (console: %s)"
                     % (timeout, vm.console_path))
    if s.pixel(s.w - 1, s.h - 1) != BACKGROUND or s.pixel(0, 0) != BACKGROUND:
        raise Failed("the station is not full screen (%s)" % s.path)
    return s


def play(vm, keys, colour, label, timeout=60):
    """Types a play on the keyboard, hands over, judges; waits for the verdict's colour."""
    vm.type(keys)
    time.sleep(1.0)
    vm.keys("ret")
    time.sleep(2.5)                   # the hand-over pause (1 s), with room for TCG
    vm.keys("tab")
    s = vm.wait_screen(label, colour, timeout)
    if s is None:
        raise Failed("%s: no %s verdict on screen" % (label, colour))
    return s


def clear(vm):
    time.sleep(2.5)
    vm.keys("spc")
    if vm.wait_screen("cleared", BACKGROUND, 30) is None:
        raise Failed("the verdict did not clear")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("image")
    ap.add_argument("wordjudge")
    ap.add_argument("--key", required=True,
                    help="the director's key whose public half the image trusts (build-image --trust KEY.pub)")
    ap.add_argument("--cuts", type=int, default=5)
    ap.add_argument("--seed", type=int, default=20261126)
    ap.add_argument("--out", default=os.path.join(PROJECT, "target", "image-boot"))
    ap.add_argument("--only", default="", help="comma-separated parts to run (debugging)")
    ap.add_argument("--full", action="store_true", default=os.environ.get("WORDJUDGE_FULL") == "1",
                    help="the full tier's parts too (no display at all: 8b); also WORDJUDGE_FULL=1")
    opts = ap.parse_args()
    work = opts.out
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    only = set(filter(None, opts.only.split(",")))
    global ARCH, SLOW
    ARCH = arch_of(opts.image)
    SLOW = 1 if ARCH == "amd64" else 3
    want = lambda part: (not only or part in only) and not (ARCH != "amd64" and part in NOT_ON_ARM64)
    figures = {}
    vm = None
    try:
        log("== the test's copy of the image (the console on its serial port, an agent on a virtio port) and the event on a USB stick")
        log("the image is for %s%s" % (ARCH, "; not tried on it: %s (no legacy BIOS, Secure Boot firmware"
                                             " or standard VGA on QEMU's arm64 virt)" % ", ".join(NOT_ON_ARM64)
                                             if ARCH != "amd64" else ""))
        test = prepare(opts.image, work, ARCH)
        stick = make_bundle(opts.wordjudge, work, opts.key)

        log("== 1. first boot (%s): the bundle installed from the USB stick, the station full screen"
            % ("what the Pi's firmware would start, on virt" if ARCH == "raspi" else "UEFI"))
        vm = VM(test, work, "boot1", stick=stick)
        m = vm.wait_console(r"wordjudge first boot: installed event .* as station 7;", 240)
        if not m:
            raise Failed("the first boot did not install the bundle from the USB stick (%s)" % vm.console_path)
        s = up(vm)
        figures["first boot to the station on screen"] = time.monotonic() - vm.started
        analyze(vm, work, "first-boot", figures)
        log("bundle installed from the stick; station on screen %.0f s after power on (%dx%d)"
            % (figures["first boot to the station on screen"], s.w, s.h))
        # (No ps in the image: /proc is read directly.)
        out = vm.must("for p in /proc/[0-9]*; do c=$(cat $p/comm 2>/dev/null); case $c in sway|wordjudge-stati)"
                      " echo $c $(stat -c %U $p) $(readlink $p/fd/0);; esac; done")
        if not re.search(r"^sway wordjudge /dev/tty1$", out, re.M) or not re.search(r"^wordjudge-stati wordjudge", out, re.M):
            raise Failed("sway and the station do not run as wordjudge on tty1: %s" % out)
        out = vm.must("systemctl is-active wordjudge-station; systemctl is-enabled wordjudge-first-boot; "
                      "ls /var/lib/wordjudge; findmnt -no SOURCE,FSTYPE /var/lib/wordjudge")
        log("as wordjudge on tty1; " + " ".join(out.split()))
        # The system is read-only: only the data partition is ever written.
        out = vm.must("findmnt -no OPTIONS /; touch /etc/wordjudge-test 2>&1; findmnt -no FSTYPE /tmp")
        if not out.startswith("ro,") or "Read-only file system" not in out or not out.rstrip().endswith("tmpfs"):
            raise Failed("the root file system is not read-only (or /tmp is not in memory): %s" % out)
        log("the root file system read-only, /tmp in memory")
        rc, out = vm.agent("systemctl list-units --all --no-legend 'getty@*' 'serial-getty@*' | grep -c running")
        if out.strip() != "0":
            raise Failed("a getty runs: %s" % out)
        boot_plumbing(vm)
        # The same event signed by another key, that key's public half beside it on the stick:
        # the image's first boot trusts only the key it was built with.
        rc, out = vm.agent("d=$(lsblk -rpno NAME,LABEL | awk '$2 == \"EVENT\" {print $1}'); mkdir -p /run/t/s /run/t/st; "
                           "mount -o ro,nosymfollow $d /run/t/s && /usr/bin/wordjudge event first-boot --dir /run/t/st "
                           "--trust /etc/wordjudge/event-key.pub --stick forged=/run/t/s/forged; echo rc=$?; "
                           "ls /run/t/st; umount /run/t/s", 60)
        listed = out.split("rc=1", 1)[-1].split()
        if "rc=1" not in out or "nothing installed" not in out or "kiosk.toml" in listed or "install-report.txt" not in listed:
            raise Failed("a bundle signed by another key was not refused at first boot: %s" % out)
        log("a stick's bundle signed by another key (its key beside it): refused, " + out.splitlines()[0][:120])
        # A link the station's account puts in a station folder laid out as an older image's (1770
        # root:wordjudge, flat) before its first install (issue 49, finding 1), at each name root
        # writes there, one folder for each: root's first boot refuses it, naming it in the install
        # report, and writes nothing through it.
        names = ["kiosk.toml", "station.key", "event-key.pub", "lexicons"]
        rc, out = vm.agent("d=$(lsblk -rpno NAME,LABEL | awk '$2 == \"EVENT\" {print $1}'); mkdir -p /run/t/s && "
                           "mount -o ro,nosymfollow $d /run/t/s && for n in %s; do p=/run/t/p-$n; mkdir -p $p; "
                           "chown root:wordjudge $p && chmod 1770 $p && "
                           "setpriv --reuid=wordjudge --regid=wordjudge --clear-groups sh -c "
                           "\"cd $p && mkdir own && ln -s own/$n $n\" && "
                           "{ /usr/bin/wordjudge event first-boot --dir $p "
                           "--trust /etc/wordjudge/event-key.pub --stick stick=/run/t/s >/dev/null 2>&1; echo \"$n rc=$?\"; }; "
                           "echo \"$n own: $(ls -A $p/own)\"; grep -o \"$n is a symbolic link\" $p/install-report.txt; "
                           "done; umount /run/t/s" % " ".join(names), 120)
        for n in names:
            if ("%s rc=1" % n) not in out or ("%s is a symbolic link" % n) not in out \
                    or not re.search(r"^%s own: *$" % re.escape(n), out, re.M):
                raise Failed("a link planted at %s before the first install was not refused: %s" % (n, out))
        log("a link planted by the station's account at %s: each refused, named, nothing written through it" % ", ".join(names))
        # The image's own station folder is split by who writes it: the station's account cannot
        # create a name beside kiosk.toml at all, and writes its files in own/.
        rc, out = vm.agent("stat -c '%U:%G %a' /var/lib/wordjudge /var/lib/wordjudge/own; "
                           "setpriv --reuid=wordjudge --regid=wordjudge --clear-groups sh -c "
                           "'ln -s own/kiosk.toml /var/lib/wordjudge/kiosk.toml.new' 2>&1; echo rc=$?")
        if (not out.startswith("root:wordjudge 755\nwordjudge:wordjudge 750\n") or "Permission denied" not in out
                or "rc=0" in out):
            raise Failed("the image's station folder is not split by who writes it: %s" % out)
        log("the station folder: root:wordjudge 755, own/ the account's; a name planted beside kiosk.toml: Permission denied")

        if want("verdicts"):
            log("== 2. a green and a red verdict, typed on the emulated keyboard")
            s = play(vm, "12cat dog", GREEN, "green")
            m = vm.wait_console(SHOWING, 10)
            log("green on screen; the station said: %s" % (m.group(0) if m else "(nothing)"))
            out = vm.must("wordjudge slips list --config /var/lib/wordjudge/kiosk.toml | tail -1")
            if not re.match(r"^\s*1\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d IST\s", out):
                raise Failed("the slip's time is not shown in the event's zone (Asia/Kolkata, IST): %r" % out)
            log("the slip's time in the event's zone, on a UTC clock: " + " ".join(out.split()[1:4]))
            clear(vm)
            play(vm, "11zo", RED, "red")
            log("red on screen")
            clear(vm)

        if want("keys"):
            log("== 3. the keys that leave a kiosk elsewhere")
            before_pid = vm.must(STATION_PID).split()
            base = vm.screen("keys-before")
            combos = ["ctrl-alt-f%d" % n for n in range(1, 7)] + ["ctrl-alt-backspace", "ctrl-alt-delete"]
            combos += ["alt-sysrq-%s" % k for k in ("h", "t", "k", "e", "i", "s", "u", "b", "o")]
            combos += ["meta_l-ret", "meta_l-d", "meta_l-shift-e", "meta_l-shift-q", "meta_l-shift-c",
                       "meta_l-f", "meta_l-2", "alt-tab", "alt-f4", "alt-f2", "ctrl-alt-t", "ctrl-alt-l"]
            for combo in combos:
                vm.keys(combo)
                time.sleep(0.6)
                after = vm.screen("keys-" + combo)
                if after.data != base.data:
                    raise Failed("%s changed the screen (%s)" % (combo, after.path))
            vt = vm.must("cat /sys/class/tty/tty0/active").strip()
            if vt != "tty1":
                raise Failed("the active VT is %s after the keys" % vt)
            if vm.must(STATION_PID).split() != before_pid:
                raise Failed("the station was restarted by a key")
            if "sysrq" in vm.must("dmesg | grep -i sysrq || true").lower():
                raise Failed("the kernel took a SysRq key")
            figures["key combinations refused"] = len(combos)
            log("%d combinations: the screen unchanged after each, tty1 still active, the same station"
                " process, no SysRq in the kernel's log" % len(combos))

        if want("touch"):
            log("== 4. touch: a virtual touch screen in the guest chooses, types on the tiles, judges")
            touch(vm)

        if want("restart"):
            log("== 5. the station killed: systemd brings it back")
            restarts = []
            for i in range(3):
                pid = vm.must(STATION_PID).split()[0]
                t0 = time.monotonic()
                vm.must("kill -9 %s" % pid)
                # Gone from the screen (sway ends with it), then back.
                for _ in range(100):
                    if vm.screen("killed", keep=False).centre() != BACKGROUND:
                        break
                    time.sleep(0.2)
                up(vm, 120)
                restarts.append(time.monotonic() - t0)
                if vm.must(STATION_PID).split()[0] == pid:
                    raise Failed("the same station process after kill -9")
            n = vm.must("systemctl show -p NRestarts --value wordjudge-station").strip()
            figures["station back after kill -9 (s, worst of 3)"] = max(restarts)
            log("killed 3 times: back on screen after %s s (NRestarts=%s)"
                % (", ".join("%.1f" % r for r in restarts), n))
            play(vm, "12cat dog", GREEN, "after-restart")
            clear(vm)

        if want("seat"):
            log("== 5b. the package's own seat: a login session from logind, as a Debian machine "
                "with the package starts the station")
            package_seat(vm)

        slips_before = slips(vm)
        vm.power_off()
        vm = None

        if want("cuts"):
            log("== 6. power cuts around verdicts: %d, seed %d" % (opts.cuts, opts.seed))
            power_cuts(test, work, opts, slips_before, figures)

        if want("firmware"):
            log("== 7. the machines directors borrow: Secure Boot on with Microsoft's keys; a legacy BIOS")
            for firmware, check, expect in FIRMWARES:
                vm = VM(test, work, firmware, firmware=firmware)
                up(vm, 300)
                took = time.monotonic() - vm.started
                out = vm.must(check).strip()
                if not re.fullmatch(expect, out):
                    raise Failed("%s: the booted system says %r, not %r" % (firmware, out, expect))
                play(vm, "12cat dog", GREEN, firmware + "-green")
                clear(vm)
                figures["%s: power on to the station on screen (s)" % firmware] = took
                log("%s: the station on screen %.0f s after power on; %s; a verdict judged" % (firmware, took, out))
                vm.power_off()
                vm = None
        if want("display"):
            log("== 8. a display sway cannot use (QEMU's standard VGA: bochs, no buffer import): X draws the station")
            vm = VM(test, work, "vga-std", display="std")
            up(vm, 360)
            took = time.monotonic() - vm.started
            out = vm.must("for p in /proc/[0-9]*; do c=$(cat $p/comm 2>/dev/null); case $c in Xorg|sway|openbox|wordjudge-stati)"
                          " echo $c $(stat -c %U $p);; esac; done; journalctl -b -o cat | grep -c 'drawn under X'")
            if not re.search(r"^Xorg wordjudge$", out, re.M) or not re.search(r"^wordjudge-stati wordjudge$", out, re.M) \
                    or re.search(r"^sway ", out, re.M) or not out.split()[-1] == "1":
                raise Failed("the station is not drawn under X as wordjudge after sway failed: %s" % out)
            xorg = vm.must("for p in /proc/[0-9]*; do [ \"$(cat $p/comm 2>/dev/null)\" = Xorg ] && echo ${p#/proc/}; done; true").split()
            play(vm, "12cat dog", GREEN, "vga-std-green")
            clear(vm)
            base = vm.screen("vga-std-keys-before")
            for combo in ("ctrl-alt-f2", "ctrl-alt-f3", "ctrl-alt-backspace", "alt-f4", "alt-tab"):
                vm.keys(combo)
                time.sleep(0.8)
                if vm.screen("vga-std-" + combo).data != base.data:
                    raise Failed("under X, %s changed the screen" % combo)
            vt = vm.must("cat /sys/class/tty/tty0/active").strip()
            now = vm.must("for p in /proc/[0-9]*; do [ \"$(cat $p/comm 2>/dev/null)\" = Xorg ] && echo ${p#/proc/}; done; true").split()
            if vt != "tty1" or now != xorg:
                raise Failed("under X, the keys switched the console (%s) or ended X (%s, was %s)" % (vt, now, xorg))
            figures["standard VGA: power on to the station on screen under X (s)"] = took
            log("standard VGA: sway failed, the station drawn under X as wordjudge %.0f s after power on; a verdict"
                " judged; Ctrl+Alt+F2/F3, Ctrl+Alt+Backspace, Alt+F4, Alt+Tab: the screen unchanged, tty1, the same X" % took)
            vm.power_off()
            vm = None

        if want("display"):
            ramfb(vm_args=(test, work), figures=figures)

        if want("display") and opts.full:
            log("== 8b. no display device at all: the console says so, in words (full tier)")
            vm = VM(test, work, "no-display", display="none")
            end = time.monotonic() + 480
            text = ""
            while time.monotonic() < end:
                rc, text = vm.agent("cat /dev/vcs1 2>/dev/null | tr -s ' '", 120)
                if "graphics cannot show the station" in text:
                    break
                time.sleep(3)
            if "graphics cannot show the station" not in text or "\x1b" in text:
                raise Failed("with no display, tty1 does not say why: %r" % text[-300:])
            figures["no display: power on to the console's message (s)"] = time.monotonic() - vm.started
            log("no display: tty1 reads %r" % " ".join(text.split())[:160])
            vm.power_off()
            vm = None

        if want("next"):
            log("== 9. the next event by USB stick in director mode, and the logs copied to another stick")
            nxt, logs, fingerprint = next_event_sticks(opts.wordjudge, work, opts.key)
            vm = VM(test, work, "next-event")
            up(vm, 300)
            before = vm.must("wordjudge event status --config /var/lib/wordjudge/kiosk.toml")
            first = re.search(r"fingerprint:? (\S{4}-\S{4}-\S{4}-\S{4})", before).group(1)
            # A slip of the first event, at least (once the station takes keys: then Esc, back to
            # the division menu).
            vm.key_until_changed("1", 60)
            vm.keys("esc")
            time.sleep(1.5)
            play(vm, "12cat dog", GREEN, "before-next-event")
            clear(vm)
            kept = vm.must("cat /var/lib/wordjudge/own/slips.jsonl")
            plug(vm, "next", nxt)
            time.sleep(3)
            t0 = time.monotonic()
            out, shot, _ = director_asks(vm, "e")
            took = time.monotonic() - t0
            if not out.split("\n", 1)[0].endswith(" done") or fingerprint not in out:
                raise Failed("the next event was not installed from the stick: %s" % out)
            status = vm.must("wordjudge event status --config /var/lib/wordjudge/kiosk.toml")
            past = vm.must("cat /var/lib/wordjudge/events/%s/slips.jsonl" % first)
            if fingerprint not in status or past != kept or vm.agent("test -e /var/lib/wordjudge/own/slips.jsonl")[0] == 0:
                raise Failed("after the install: status %r; the last event's log kept apart: %s" % (status, past == kept))
            if not re.search(r"\] stick helper: InstallEvent done", vm.must("journalctl -b -o cat | grep 'stick helper' || true"), re.M):
                raise Failed("the station did not say the event was installed (%s)" % shot.path)
            figures["next event: E, Yes to the event installed and loaded (s)"] = took
            log("installed from the stick in %.0f s: %s; the last event's %d slip(s) kept apart in events/%s"
                % (took, out.splitlines()[1][:100], len(kept.splitlines()), first))
            vm.keys("esc")
            time.sleep(1)
            vm.keys("esc")
            time.sleep(1.5)
            play(vm, "12cat dog", GREEN, "next-event-green")
            clear(vm)
            new = [json.loads(l) for l in vm.must("cat /var/lib/wordjudge/own/slips.jsonl").splitlines() if l.startswith("{")]
            if len(new) != 1 or new[0]["slip"] != 1 or new[0]["event"] != fingerprint:
                raise Failed("the new event's first slip: %s" % new)
            log("the new event's first verdict is slip 1 of its own log, event %s" % fingerprint)
            unplug(vm, "next")
            plug(vm, "logs", logs)
            time.sleep(3)
            out, shot, _ = director_asks(vm, "c")
            if not out.split("\n", 1)[0].endswith(" done") or "copied 2 log(s)" not in out:
                raise Failed("the logs were not copied to the stick: %s" % out)
            log("copied: " + " / ".join(out.splitlines()[1:4]))
            vm.power_off()
            vm = None
            got = os.path.join(work, "logs-stick")      # the stick's files, as a director's machine sees them
            os.makedirs(got)
            run("mcopy", "-s", "-i", logs, "::/wordjudge-logs", got)
            merged = os.path.join(work, "merged.csv")
            m = re.search(r"station key (\S+)", open(os.path.join(work, "boot1.console.log"), errors="replace").read())
            roster = os.path.join(work, "roster.txt")
            with open(roster, "w") as f:
                f.write("7 %s\n" % m.group(1))
            out = run(opts.wordjudge, "slips", "merge", got, "--roster", roster, "--csv", merged,
                      "--config", os.path.join(work, "event", "kiosk.toml"))
            rows = open(merged).read().splitlines()[1:]
            if len(rows) != len(kept.splitlines()) + 1 or not any(fingerprint in r for r in rows) \
                    or not any(first in r for r in rows):
                raise Failed("the copied logs did not merge to both events' slips: %s" % out)
            if "not copies of each other" in out:
                raise Failed("one station's two events were taken for two stations: %s" % out)
            figures["logs copied to a stick and merged with the roster (slips)"] = len(rows)
            log("the stick's logs merged on this machine, proven by the roster: %d slips of 2 events" % len(rows))

        if want("hall"):
            hall(opts, work, figures)

        if want("noroot"):
            no_root(test, work)

        log("== figures")
        for k, v in figures.items():
            log("%s: %s" % (k, ("%.1f" % v) if isinstance(v, float) else v))
        with open(os.path.join(work, "figures.json"), "w") as f:
            json.dump(figures, f, indent=1)
        return 0
    except Failed as e:
        print("IMAGE BOOT FAILED: %s" % e, file=sys.stderr)
        if vm is not None:
            try:
                rc, out = vm.agent("journalctl -b --no-pager -n 40 -u wordjudge-station -u wordjudge-first-boot", 20)
                print(out, file=sys.stderr)
            except Failed:
                pass
            print(vm.console()[-3000:], file=sys.stderr)
        return 1
    finally:
        if vm is not None:
            vm.cut()


def no_root(test, work):
    """A root file system the initramfs cannot find (a damaged disk, a stick written with another
    image): the console says so and the machine halts (panic=0 on the kernel's command line), and
    no shell is ever offered, on the console or anywhere (Debian's initramfs gives one without it:
    a root shell at the station, with the data partition's slips in reach). The test's copy
    names a root that does not exist; the initramfs waits its 30 s for it first."""
    log("== 11. a root file system the initramfs cannot find: a message and a halt, never a shell")
    img = os.path.join(work, "noroot.img")
    run("cp", "--sparse=always", test, img)
    esp = "%s@@%d" % (img, partitions(img)["esp" if ARCH != "raspi" else "firmware"][0])
    name = "::/EFI/debian/grub.cfg" if ARCH != "raspi" else "::/cmdline.txt"
    cfg, n = re.subn(r"root=UUID=\S+", "root=UUID=00000000-0000-4000-8000-000000000000",
                     run("mtype", "-i", esp, name))
    if n != 1:
        raise Failed("no root=UUID= on the kernel's command line in %s" % name)
    path = os.path.join(work, "noroot.cfg")
    with open(path, "w") as f:
        f.write(cfg)
    run("mcopy", "-o", "-i", esp, path, name)
    if ARCH == "raspi":
        raspi_boot_files(img, partitions(img), work)
    vm = VM(img, work, "noroot")
    try:
        end = time.monotonic() + 150 * SLOW
        while time.monotonic() < end and not re.search(r"panic= boot argument|\(initramfs\)", vm.console()):
            time.sleep(1)
        time.sleep(5)
        console = vm.console()
        if "(initramfs)" in console or "BusyBox" in console or "built-in shell" in console:
            raise Failed("the initramfs offered a shell (%s)" % vm.console_path)
        if "Halting automatically due to panic= boot argument" not in console:
            raise Failed("the initramfs did not halt with its message (%s)" % vm.console_path)
        log("the initramfs said the root was not found and halted the machine; no shell offered")
    finally:
        vm.cut()


def ramfb(vm_args, figures):
    """Part 8c (issue 52, finding 4): a machine with only the firmware's frame buffer (QEMU's
    ramfb under OVMF: the kernel's efifb, no KMS device). The station is drawn under X on
    /dev/fb0 as wordjudge, a verdict judged, and the screen never goes black afterwards (read
    every 2 s for 30 s)."""
    log("== 8c. only the firmware's frame buffer (ramfb under OVMF, no KMS device): X draws the station on it")
    vm = VM(*vm_args, name="ramfb", display="ramfb")
    try:
        up(vm, 360)
        took = time.monotonic() - vm.started
        out = vm.must("ls /dev/dri 2>&1; ls /dev/fb0; for p in /proc/[0-9]*; do c=$(cat $p/comm 2>/dev/null); "
                      "case $c in Xorg|sway|wordjudge-stati) echo $c $(stat -c %U $p);; esac; done; "
                      "journalctl -b -o cat | grep -c 'drawn under X on /dev/fb0'")
        if not re.search(r"^Xorg wordjudge$", out, re.M) or not re.search(r"^wordjudge-stati wordjudge$", out, re.M) \
                or re.search(r"^sway ", out, re.M) or out.split()[-1] != "1" or "card" in out:
            raise Failed("with only a frame buffer, the station is not drawn under X on it: %s" % out)
        play(vm, "12cat dog", GREEN, "ramfb-green")
        clear(vm)
        black = 0
        for i in range(15):
            s = vm.screen("ramfb-steady", keep=False)
            if s.centre() == (0, 0, 0) or not drawn(s):
                black += 1
            time.sleep(2)
        if black:
            raise Failed("with only a frame buffer, the screen was black or empty %d time(s) in 30 s" % black)
        figures["frame buffer only (ramfb): power on to the station on screen under X (s)"] = took
        log("ramfb: no KMS device; the station drawn under X on /dev/fb0 as wordjudge %.0f s after power on; "
            "a verdict judged; never black in 30 s" % took)
        vm.power_off()
    except Exception:
        vm.cut()
        raise


def hall(opts, work, figures):
    """Part 10 (issue 52, finding 1): two machines booted from one stick that names no station.
    Each installs nothing and asks for its number on screen; the number typed on its keyboard, the
    event is installed as that station; a verdict; its logs copied to one logs stick in director
    mode. On this machine: each station's own folder on the stick, each event's sums holding, and
    both logs merged, each proven by its own roster line, with no alarm."""
    log("== 10. two machines from one stick that names no station, asked their numbers; one logs stick")
    folder = os.path.join(work, "hall", "wordjudge-event")
    os.makedirs(folder)
    shutil.copy(os.path.join(work, "stick", "wordjudge-event", "event.tar"), folder)
    stick, logs = os.path.join(work, "hall.img"), os.path.join(work, "hall-logs.img")
    run("mkfs.vfat", "-C", "-n", "HALL", stick, "32768")
    run("mcopy", "-s", "-i", stick, folder, "::/")
    run("mkfs.vfat", "-C", "-n", "HALLLOGS", logs, "32768")
    roster = []
    for number in ("8", "9"):
        disk = prepare(opts.image, work, ARCH, name="hall-%s.img" % number)
        vm = VM(disk, work, "hall-" + number, stick=stick)
        try:
            end = time.monotonic() + 240 * SLOW
            wanted = ""
            while time.monotonic() < end and "Image test" not in wanted:
                time.sleep(3)
                rc, wanted = vm.agent("cat /var/lib/wordjudge/station-number-wanted.txt 2>/dev/null; "
                                      "ls /var/lib/wordjudge/kiosk.toml 2>&1", 30)
            if "Image test" not in wanted or "No such file" not in wanted:
                raise Failed("machine %s: the first boot did not ask for a number: %s" % (number, wanted))
            # The station on screen, its number prompt drawn (the file is there before it is).
            end = time.monotonic() + 180 * SLOW
            while time.monotonic() < end:
                s = vm.screen("number-poll", keep=False)
                if s.pixel(0, 0) == BACKGROUND and drawn(s):
                    break
                time.sleep(1)
            else:
                raise Failed("machine %s: no station on screen to ask the number (%s)" % (number, s.path))
            asked = time.monotonic() - vm.started
            time.sleep(1.5)
            vm.screen("number-asked")
            vm.type(number + "\n")
            end = time.monotonic() + 180 * SLOW
            installed = ""
            while time.monotonic() < end and ('id = "%s"' % number) not in installed:
                time.sleep(3)
                rc, installed = vm.agent("grep '^id = ' /var/lib/wordjudge/kiosk.toml 2>&1", 30)
            if ('id = "%s"' % number) not in installed:
                raise Failed("machine %s: not installed as station %s: %s" % (number, number, installed))
            figures["hall, machine %s: number asked on screen, power on to the prompt (s)" % number] = asked
            up(vm)
            time.sleep(2)
            play(vm, "12cat dog", GREEN, "hall-%s-green" % number)
            clear(vm)
            status = vm.must("wordjudge --config /var/lib/wordjudge/kiosk.toml event status")
            m = re.search(r"the roster's line: (%s \S+)\)" % number, status)
            if not m:
                raise Failed("machine %s: no roster line: %s" % (number, status))
            roster.append(m.group(1))
            vm.qmp("device_del", id="stick-dev")
            time.sleep(3)
            plug(vm, "logs", logs)
            time.sleep(3)
            out, shot, _ = director_asks(vm, "c")
            if not out.split("\n", 1)[0].endswith(" done") or "copied 1 log(s)" not in out:
                raise Failed("machine %s: the logs were not copied: %s" % (number, out))
            log("machine %s: asked its number %.0f s after power on; installed as station %s (%s); "
                "a verdict; logs copied: %s" % (number, asked, number, m.group(1), out.splitlines()[-1][:90]))
            vm.power_off()
        except Exception:
            try:
                rc, out = vm.agent("journalctl -b --no-pager -n 60 -u wordjudge-station -u wordjudge-stick", 30)
                print(out, file=sys.stderr)
            except Failed:
                pass
            vm.cut()
            raise
        os.remove(disk)
    got = os.path.join(work, "hall-logs")
    os.makedirs(got)
    run("mcopy", "-s", "-i", logs, "::/wordjudge-logs", got)
    folders = sorted(os.listdir(os.path.join(got, "wordjudge-logs")))
    want = sorted("station-%s-%s" % tuple(line.split()) for line in roster)
    if folders != want:
        raise Failed("the logs stick's folders %s, not each station's own %s" % (folders, want))
    for f in folders:
        where = os.path.join(got, "wordjudge-logs", f)
        sums = [n for n in os.listdir(where) if n.endswith(".SHA256SUMS")]
        for name in sums:
            subprocess.run(["sha256sum", "--quiet", "--strict", "-c", name], cwd=where, check=True)
        if len(sums) != 1:
            raise Failed("%s: its sums files: %s" % (f, sums))
    path = os.path.join(work, "hall-roster.txt")
    with open(path, "w") as f:
        f.write("\n".join(roster) + "\n")
    merged = os.path.join(work, "hall-merged.csv")
    out = run(opts.wordjudge, "slips", "merge", got, "--roster", path, "--csv", merged)
    rows = open(merged).read().splitlines()[1:]
    if len(rows) != 2 or "NOT" in out or "not copies of each other" in out:
        raise Failed("the hall's logs did not merge as two stations' proven slips: %s" % out)
    figures["hall: two machines from one stick, logs merged with the roster (slips)"] = len(rows)
    log("the hall's logs stick: %s, each with its sums; merged, proven by the roster: %d slips"
        % (", ".join(folders), len(rows)))


def slips(vm):
    """The slip log as the station's own command line reads it in the guest."""
    vm.must("cd /var/lib/wordjudge && runuser -u wordjudge -- wordjudge slips verify")
    out = vm.must("[ ! -e /var/lib/wordjudge/own/slips.jsonl ] || cat /var/lib/wordjudge/own/slips.jsonl")
    return [json.loads(l) for l in out.splitlines() if l.startswith("{")]


# Where the touch test taps, on the station's 1280x800 screen (QEMU's virtio-gpu display): read
# off its screens (the division menu, the count buttons, the Polish tile keyboard). Each tap's
# target is checked on the screen before it is touched, so a changed layout fails here, by name.
TAPS = {
    "division 2": (640, 310), "count 1": (99, 350),
    "R": (520, 632), "Ó": (362, 632), "Ż": (1231, 632), "A": (47, 553),
    "GOTOWE": (829, 724), "SPRAWDŹ": (1119, 724),
}
TILE = lambda p: p[0] > 220 and 200 < p[1] < 240 and 150 < p[2] < 200   # the cream of a tile key


def tap(vm, *names):
    s = vm.screen("before-tap")
    for n in names:
        if s.pixel(*TAPS[n]) == BACKGROUND:
            raise Failed("nothing to touch at %s's place %s on %s" % (n, TAPS[n], s.path))
    vm.must("wordjudge-touch 1280 800 " + " ".join("%d,%d" % TAPS[n] for n in names), 90)


def touch(vm):
    s = vm.screen("touch-menu")
    if (s.w, s.h) != (1280, 800):
        raise Failed("the touch test's points are for 1280x800; the screen is %dx%d" % (s.w, s.h))
    # One tap per screen: each waits for the screen it is meant for.
    tap(vm, "division 2")
    time.sleep(1.5)
    tap(vm, "count 1")
    time.sleep(1.5)
    s = vm.screen("touch-keyboard")
    for t in ("R", "Ó", "Ż", "A"):
        x, y = TAPS[t]
        if not TILE(s.pixel(x - 25, y - 25)):     # the tile beside its letter
            raise Failed("no tile key at %s's place %s on %s" % (t, TAPS[t], s.path))
    tap(vm, "R", "Ó", "Ż", "A", "GOTOWE")
    time.sleep(2.0)                   # the hand-over pause
    tap(vm, "SPRAWDŹ")
    s = vm.wait_screen("touch-verdict", GREEN, 60)
    if s is None:
        raise Failed("RÓŻA touched on the Polish tile keyboard: no green verdict")
    m = vm.wait_console(r"showing ✓ DOPUSZCZALNE \(slip (\d+)\)", 10)
    if not m:
        raise Failed("the station did not say it showed DOPUSZCZALNE")
    last = slips(vm)[-1]
    if last["words"] != ["RÓŻA"] or last["verdict"] != "ACCEPTABLE" or last["division"] != "polish":
        raise Failed("the touched play's slip is %s" % last)
    log("touched: the Polish division, 1 word, R Ó Ż A on the tile keyboard, GOTOWE, SPRAWDŹ: "
        "green ✓ DOPUSZCZALNE, slip %s (RÓŻA, polish)" % m.group(1))
    clear(vm)


# The plays of the power-cut test: each cut's play is told apart by its words in the slip log.
WORDS = ["CAT", "DOG", "ABLE", "ACT", "ADD", "AGE", "ACROSS", "ABOUT", "ACTION", "ADVICE", "AFTER"]


def power_cuts(test, work, opts, slips_before, figures):
    rng = random.Random(opts.seed)
    shown, unseen, boots = [], 0, []
    for i in range(opts.cuts):
        vm = VM(test, work, "cut%02d" % i)
        try:
            up(vm, 240)
            boots.append(time.monotonic() - vm.started)
            # Each boot after a cut (the first is after part 1's power off), on its own
            # (issue 52, item 5: back within 20 s).
            figures["boot %d (%s): power on to the station on screen (s)"
                    % (i + 1, "after a power off" if i == 0 else "after cut %d" % (i - 1))] = boots[-1]
            words = rng.sample(WORDS, rng.randint(1, 3)) + (["ZO"] if rng.random() < 0.4 else [])
            verdict = "UNACCEPTABLE" if "ZO" in words else "ACCEPTABLE"
            mark = len(vm.console())
            vm.key_until_changed("1", 60)   # division 1, once the station takes keys
            vm.type("%d%s" % (len(words), " ".join(w.lower() for w in words)))
            time.sleep(1.0)
            vm.keys("ret")
            time.sleep(2.5)
            vm.keys("tab")
            # Within 0.6 s of JUDGE: under TCG the verdict is on screen some 0.2-0.3 s after it.
            delay = rng.uniform(0.0, 0.6)
            time.sleep(delay)
            s = vm.screen("cut")
            on_screen = s.centre() in (GREEN, RED)
        finally:
            vm.cut()
        said = re.findall(SHOWING, vm.console()[mark:])
        if on_screen:
            if s.centre() != (GREEN if verdict == "ACCEPTABLE" else RED):
                raise Failed("cut %d: the screen showed the wrong colour for %s" % (i, words))
            shown.append((i, words, verdict))
        else:
            unseen += 1
        log("cut %d: %s judged, cut %.2f s later: %s%s" % (
            i, " ".join(words), delay, "verdict on screen" if on_screen else "no verdict on screen yet",
            "; the station had said slip %s" % said[-1][2] if said else ""))
    log("after the last cut: booting again")
    vm = VM(test, work, "after-cuts")
    try:
        up(vm, 240)
        figures["after the cuts: power on to the station on screen (s)"] = time.monotonic() - vm.started
        analyze(vm, work, "after-cuts", figures)
        records = slips(vm)      # `slips verify` passes inside
        vm.power_off()
    except Exception:
        vm.cut()
        raise
    kept = records[len(slips_before):]
    for i, words, verdict in shown:
        if not any(s["words"] == words and s["verdict"] == verdict for s in kept):
            raise Failed("cut %d: %s %s reached the screen but is not in the slip log" % (i, words, verdict))
    figures["power cuts"] = opts.cuts
    figures["power cuts with the verdict on screen (all found in the log)"] = len(shown)
    figures["power cuts before the verdict reached the screen"] = unseen
    figures["slips written across the cuts"] = len(kept)
    figures["boot to the station on screen (s, worst)"] = max(boots) if boots else 0.0
    for part in ("wjdata", "wjroot"):
        fsck = subprocess.run(["e2fsck", "-fn", "%s?offset=%d" % (test, partitions(test)[part][0])],
                              capture_output=True, text=True)
        if fsck.returncode:
            raise Failed("the %s partition is not clean after the cuts: %s" % (part, fsck.stdout))
        print("  %s: %s" % (part, (fsck.stdout.strip().splitlines() or ["?"])[-1]), flush=True)


if __name__ == "__main__":
    sys.exit(main())
