/* The boot test's virtual touch screen (.ci/image_boot.py), built by the test and added only to
 * its copy of the image: a multitouch screen made with uinput, as the kernel sees a real one
 * (INPUT_PROP_DIRECT, type B slots), which taps the given points.
 * Usage: wordjudge-touch WIDTH HEIGHT X,Y [X,Y ...]   points in the screen's pixels. */
#include <fcntl.h>
#include <linux/uinput.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#define MAX 32767

static int fd;

static void emit(int type, int code, int value) {
    struct input_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = type;
    ev.code = code;
    ev.value = value;
    if (write(fd, &ev, sizeof ev) != sizeof ev) {
        perror("wordjudge-touch: write");
        exit(1);
    }
}

static void pause_ms(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

static void axis(int code, int max) {
    struct uinput_abs_setup a;
    memset(&a, 0, sizeof a);
    a.code = code;
    a.absinfo.maximum = max;
    a.absinfo.resolution = 100;
    if (ioctl(fd, UI_SET_ABSBIT, code) < 0 || ioctl(fd, UI_ABS_SETUP, &a) < 0) {
        perror("wordjudge-touch: axis");
        exit(1);
    }
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: wordjudge-touch WIDTH HEIGHT X,Y [X,Y ...]\n");
        return 2;
    }
    double w = atof(argv[1]), h = atof(argv[2]);
    fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK);
    if (fd < 0) {
        perror("wordjudge-touch: /dev/uinput");
        return 1;
    }
    ioctl(fd, UI_SET_EVBIT, EV_KEY);
    ioctl(fd, UI_SET_KEYBIT, BTN_TOUCH);
    ioctl(fd, UI_SET_EVBIT, EV_ABS);
    ioctl(fd, UI_SET_PROPBIT, INPUT_PROP_DIRECT);
    axis(ABS_X, MAX);
    axis(ABS_Y, MAX);
    axis(ABS_MT_SLOT, 0);
    axis(ABS_MT_TRACKING_ID, 65535);
    axis(ABS_MT_POSITION_X, MAX);
    axis(ABS_MT_POSITION_Y, MAX);
    struct uinput_setup s;
    memset(&s, 0, sizeof s);
    s.id.bustype = BUS_USB;
    s.id.vendor = 0x1234;
    s.id.product = 0x5678;
    strcpy(s.name, "wordjudge test touch screen");
    if (ioctl(fd, UI_DEV_SETUP, &s) < 0 || ioctl(fd, UI_DEV_CREATE) < 0) {
        perror("wordjudge-touch: creating the device");
        return 1;
    }
    pause_ms(3000); /* udev, libinput and sway take the new device */
    for (int i = 3; i < argc; i++) {
        double x, y;
        if (sscanf(argv[i], "%lf,%lf", &x, &y) != 2) {
            fprintf(stderr, "wordjudge-touch: not a point: %s\n", argv[i]);
            return 2;
        }
        int ax = (int)(x / (w - 1) * MAX), ay = (int)(y / (h - 1) * MAX);
        emit(EV_ABS, ABS_MT_SLOT, 0);
        emit(EV_ABS, ABS_MT_TRACKING_ID, i);
        emit(EV_ABS, ABS_MT_POSITION_X, ax);
        emit(EV_ABS, ABS_MT_POSITION_Y, ay);
        emit(EV_KEY, BTN_TOUCH, 1);
        emit(EV_ABS, ABS_X, ax);
        emit(EV_ABS, ABS_Y, ay);
        emit(EV_SYN, SYN_REPORT, 0);
        pause_ms(120);
        emit(EV_ABS, ABS_MT_TRACKING_ID, -1);
        emit(EV_KEY, BTN_TOUCH, 0);
        emit(EV_SYN, SYN_REPORT, 0);
        pause_ms(700);
        printf("tapped %s\n", argv[i]);
        fflush(stdout);
    }
    pause_ms(500);
    ioctl(fd, UI_DEV_DESTROY);
    close(fd);
    return 0;
}
