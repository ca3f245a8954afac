// The image libraries origami decodes photos with. Debian packages: libturbojpeg0-dev, libpng-dev,
// libwebp-dev, libheif-dev (scripts/setup installs them). All four are called from Swift directly.
// webp/encode.h is here for the tests, which make WebP files to decode; webp/demux.h reads animated WebP.
#include <turbojpeg.h>
#include <png.h>
#include <webp/decode.h>
#include <webp/encode.h>
#include <webp/demux.h>
#include <libheif/heif.h>
