# Shared by the end-to-end scripts (.ci/e2e*, .ci/windows): sourced, not run.

# The colour NAME of the station's theme (ui/theme.slint, `out property <color> NAME: #rrggbb;`)
# as "r,g,b", the form the scripts' pixel readings take: the scripts read the theme rather than
# copying it.
theme_rgb() {
    local root hex
    root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
    hex=$(sed -n "s/^ *out property <color> $1: *#\([0-9a-fA-F]\{6\}\);.*/\1/p" "$root/ui/theme.slint")
    [[ -n $hex ]] || { echo "no colour $1 in ui/theme.slint" >&2; return 1; }
    printf '%d,%d,%d\n' "0x${hex:0:2}" "0x${hex:2:2}" "0x${hex:4:2}"
}

# A screenshot of the X display as $shots/NAME.png (.ci/e2e-wayland has its own, with grim).
shot() { xwd -root -silent | convert xwd:- "$shots/$1.png"; }

# The colour of one pixel of screenshot NAME at X Y, as "r,g,b".
pixel() { convert "$shots/$1.png" -format "%[fx:int(255*p{$2,$3}.r)],%[fx:int(255*p{$2,$3}.g)],%[fx:int(255*p{$2,$3}.b)]" info:; }

# Whether the station started by the script ($station, its PID) still runs.
alive() { kill -0 "$station" 2>/dev/null; }

# A step's heading.
step() { echo "== $*"; }
