/** Animals: pets and their stock entries. */
import { createHash } from 'node:crypto';
import { ApiError } from '../api-error.ts';
import type { Pet, PetStatus, Store } from '../store.ts';
import { created, type Handler, page } from './handler.ts';

interface NewPet {
  name: string;
  categoryId: number;
  status?: PetStatus;
}

export function findPet(store: Store, id: unknown): Pet {
  const pet = store.pets.get(Number(id));
  if (!pet) throw new ApiError('not_found', `No pet with id ${String(id)}.`);
  return pet;
}

function requireCategory(store: Store, categoryId: number): void {
  if (!store.categories.get(categoryId)) {
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
  listPets: (request, { store }) => {
    const { status, categoryId } = request.params;
    const pets = store.pets
      .all()
      .filter(
        (p) =>
          (status === undefined || p.status === status) && (categoryId === undefined || p.categoryId === categoryId),
      );
    return page(pets, request);
  },

  createPet: (request, { store }) => {
    const input = request.body as NewPet;
    requireCategory(store, input.categoryId);
    const pet = store.pets.insert({
      name: input.name,
      categoryId: input.categoryId,
      status: input.status ?? 'available',
    });
    store.stock.set(pet.id, 0);
    return created(pet, request);
  },

  getPet: (request, { store }) => ({ status: 200, body: findPet(store, request.params.petId) }),

  getPetDetails: (request, { store }) => {
    const pet = findPet(store, request.params.petId);
    const etag = etagOf(pet);
    const ifNoneMatch = request.params['If-None-Match'];
    const matches =
      typeof ifNoneMatch === 'string' &&
      (ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));
    return matches ? { status: 304, headers: { ETag: etag } } : { status: 200, body: pet, headers: { ETag: etag } };
  },

  updatePet: (request, { store }) => {
    const pet = findPet(store, request.params.petId);
    const input = request.body as NewPet;
    requireCategory(store, input.categoryId);
    const updated: Pet = {
      id: pet.id,
      name: input.name,
      categoryId: input.categoryId,
      status: input.status ?? 'available',
    };
    store.pets.replace(updated);
    return { status: 200, body: updated };
  },

  deletePet: (request, { store }) => {
    const pet = findPet(store, request.params.petId);
    const open = store.orders.all().find((o) => o.petId === pet.id && !o.complete);
    if (open) {
      throw new ApiError(
        'pet_has_open_orders',
        `Pet ${pet.id} has the open order ${open.id}; complete or cancel it before deleting the pet.`,
      );
    }
    store.pets.delete(pet.id);
    store.stock.delete(pet.id);
    return { status: 204 };
  },
};
