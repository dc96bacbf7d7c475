#!/bin/sh
# Writes Arimo-Regular.ttf and Arimo-Bold.ttf here: the typeface every PDF embeds, cut down to the
# characters in characters.txt, without hinting (PDF viewers do not use it) and with only the
# kerning of its layout features. Run it again after changing characters.txt; it needs Debian's
# fonts-croscore (Arimo 1.33, SIL Open Font Licence 1.1) and fonttools (pyftsubset):
#   apt-get install fonts-croscore fonttools && sh api/src/files/pdf/fonts/subset.sh
set -eu
here=$(dirname "$0")
source=${ARIMO_DIR:-/usr/share/fonts/truetype/croscore}
for weight in Regular Bold; do
  pyftsubset "$source/Arimo-$weight.ttf" \
    --unicodes-file="$here/characters.txt" \
    --no-hinting \
    --layout-features=kern \
    --name-IDs=0,1,2,3,4,5,6,13,14 \
    --notdef-outline \
    --drop-tables+=DSIG \
    --output-file="$here/Arimo-$weight.ttf"
done
ls -l "$here"/Arimo-*.ttf
