// The image libraries origami decodes photos with. Debian packages: libturbojpeg0-dev, libpng-dev,
// libwebp-dev, libheif-dev (scripts/setup installs them). All four are called from Swift directly.
#include <turbojpeg.h>
#include <png.h>
#include <webp/decode.h>
#include <webp/demux.h>
#include <libheif/heif.h>
