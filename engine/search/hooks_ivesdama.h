// Search knowledge for Íves dáma (uses the generic defaults for now).
#pragma once

#include "engine/games/ivesdama/game.h"
#include "engine/search/hooks.h"
