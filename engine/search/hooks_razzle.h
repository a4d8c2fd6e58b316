// Search knowledge for Razzle Dazzle (uses the generic defaults for now).
#pragma once

#include "engine/games/razzle/game.h"
#include "engine/search/hooks.h"
