// Explicit instantiations of Searcher<G>: the one search, compiled once per game core.
#include "engine/search/hooks_ivesdama.h"
#include "engine/search/hooks_razzle.h"
#include "engine/search/hooks_yinyang.h"
#include "engine/search/searcher_impl.h"

template class triad::engine::Searcher<triad::games::yinyang::Game>;
template class triad::engine::Searcher<triad::games::razzle::Game>;
template class triad::engine::Searcher<triad::games::ivesdama::Game>;
