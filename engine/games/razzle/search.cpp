// The search for Razzle Dazzle: Searcher<G> compiled once with its hooks (search_hooks.h).
#include "engine/games/razzle/search_hooks.h"
#include "engine/search/searcher_impl.h"

template class triad::engine::Searcher<triad::games::razzle::Game>;
