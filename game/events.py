"""pygame event types of Qipan's own (the app posts them, scenes receive them)."""

import pygame

#: the AI worker's answers (attributes: id, kind, result, error; see game.worker.Worker.poll)
AI_EVENT = pygame.event.custom_type()
