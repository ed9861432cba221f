"""``tutor classroom``: the course's apps served to a room from one machine (Voila).

- :mod:`tutor.classroom.config`: Voila's settings for a class, the apps, the addresses;
- :mod:`tutor.classroom.kernels`: kernels that cannot collide, started one or two at a time,
  each bound to its student, each with a progress file of its own;
- :mod:`tutor.classroom.server`: the server with a door (the class code, a name), students kept
  apart, caps with pages that say why, the teacher's page and a clean stop;
- :mod:`tutor.classroom.store`: the class's record (SQLite on the teacher's machine);
- :mod:`tutor.classroom.assignment`: the exercise the teacher sends the whole class, the file
  the students' practice apps follow and the answers they report back;
- :mod:`tutor.classroom.teacher`: the teacher's page.
"""

from tutor.classroom.config import (
    DEFAULT_APP,
    EXTENSIONS,
    KERNEL_MB,
    apps,
    lan_address,
    port_is_free,
    spare_kernels,
    voila_config,
)

__all__ = ["DEFAULT_APP", "EXTENSIONS", "KERNEL_MB", "apps", "lan_address", "port_is_free",
           "spare_kernels", "voila_config"]
