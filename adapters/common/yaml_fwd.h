// yaml-cpp's node type, declared only: headers that pass YAML nodes by reference include
// this instead of yaml-cpp (only the .cpp files that read YAML include <yaml-cpp/yaml.h>).
#pragma once

namespace YAML {
class Node;
}
