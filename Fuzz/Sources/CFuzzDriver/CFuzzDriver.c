// A C target needs a source file; the header's declaration is all this target provides.
#include "CFuzzDriver.h"
