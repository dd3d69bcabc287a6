/** Animals: pets and their stock entries. */
import { createHash } from 'node:crypto';
import { ApiError } from '../api-error.ts';
import type { Pet, PetStatus, Records } from '../store/records.ts';
import { created, existing, type Handler, page } from './handler.ts';

interface NewPet {
  name: string;
  categoryId: number;
  status?: PetStatus;
}

function requireCategory(records: Records, categoryId: number): void {
  if (!records.categories.get(categoryId)) {
    throw new ApiError(
      'unknown_reference',
      `Body field 'categoryId' refers to category ${categoryId}, which does not exist.`,
    );
  }
}

/** A strong ETag for one version of a pet. */
function etagOf(pet: Pet): string {
  return `"${createHash('sha256').update(JSON.stringify(pet)).digest('base64url').slice(0, 22)}"`;
}

export const petHandlers: Record<string, Handler> = {
  listPets: (request, { records }) => {
    const { status, categoryId } = request.params;
    const pets = records.pets
      .all()
      .filter(
        (p) =>
          (status === undefined || p.status === status) && (categoryId === undefined || p.categoryId === categoryId),
      );
    return page(pets, request);
  },

  createPet: (request, { records }) => {
    const input = request.body as NewPet;
    requireCategory(records, input.categoryId);
    const pet = records.pets.insert({
      name: input.name,
      categoryId: input.categoryId,
      status: input.status ?? 'available',
    });
    records.stock.set(pet.id, 0);
    return created(pet, request);
  },

  getPet: (request, { records }) => ({ status: 200, body: existing(records.pets, request.params.petId, 'pet') }),

  getPetDetails: (request, { records }) => {
    const pet = existing(records.pets, request.params.petId, 'pet');
    const etag = etagOf(pet);
    const ifNoneMatch = request.params['If-None-Match'];
    const matches =
      typeof ifNoneMatch === 'string' &&
      (ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));
    return matches ? { status: 304, headers: { ETag: etag } } : { status: 200, body: pet, headers: { ETag: etag } };
  },

  updatePet: (request, { records }) => {
    const pet = existing(records.pets, request.params.petId, 'pet');
    const input = request.body as NewPet;
    requireCategory(records, input.categoryId);
    const updated: Pet = {
      id: pet.id,
      name: input.name,
      categoryId: input.categoryId,
      status: input.status ?? 'available',
    };
    records.pets.replace(updated);
    return { status: 200, body: updated };
  },

  deletePet: (request, { records }) => {
    const pet = existing(records.pets, request.params.petId, 'pet');
    const open = records.orders.all().find((o) => o.petId === pet.id && !o.complete);
    if (open) {
      throw new ApiError(
        'pet_has_open_orders',
        `Pet ${pet.id} has the open order ${open.id}; complete or cancel it before deleting the pet.`,
      );
    }
    records.pets.delete(pet.id);
    records.stock.delete(pet.id);
    return { status: 204 };
  },
};
