/**
 * Calls, query hooks and changes of the catalogue administration screens (product.md §8 Models,
 * Parameters, Collections). Every answer is typed by the endpoint table (packages/contract/src/
 * endpoints); a change stores what it answered and invalidates through `keys`.
 */
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, type CallInput, call } from '../../lib/api.ts';
import { saveFile } from '../../lib/download.ts';
import type { MutationHandlers } from '../../lib/queryClient.ts';

export type AdminModelDetailT = Answer<'catalogAdmin.model'>;
export type AdminModelListT = Answer<'catalogAdmin.models'>;
export type ColeccionDetailT = Answer<'collections.detail'>;
export type ColeccionImageT = Answer<'collections.uploadImage'>;
export type ColeccionListT = Answer<'collections.list'>;
export type ParametroRowT = Answer<'catalogAdmin.saveParameter'>;
export type ParamGroupDetailT = Answer<'catalogAdmin.paramGroup'>;
export type GruposColeccionT = Answer<'catalogAdmin.collectionGroups'>;
/** What saving a collection sends (id 0 creates it). */
export type CollectionWrite = CallInput<'collections.save'>['body']['collection'];
/** What saving a parameter sends (id 0 creates it). */
export type ParametroWrite = CallInput<'catalogAdmin.saveParameter'>['body'];

export const keys = {
  all: ['catalogAdmin'] as const,
  collections: (search: string, page: number) => ['catalogAdmin', 'collections', search, page] as const,
  collection: (id: number) => ['catalogAdmin', 'collection', id] as const,
  /** Every model list (by collection, searched, paged). */
  modelLists: ['catalogAdmin', 'models'] as const,
  models: (coleccion: number | null, search: string, page: number) =>
    ['catalogAdmin', 'models', coleccion, search, page] as const,
  withoutCollection: (search: string, page: number) =>
    ['catalogAdmin', 'sincoleccion', search, page] as const,
  model: (modelo: string) => ['catalogAdmin', 'model', modelo] as const,
  /** Every list of parameter groups (searched and paged, and all of them). */
  groupLists: ['catalogAdmin', 'groups'] as const,
  groups: (search: string, page: number) => ['catalogAdmin', 'groups', search, page] as const,
  allGroups: ['catalogAdmin', 'groups', 'all'] as const,
  group: (id: number) => ['catalogAdmin', 'group', id] as const,
  sectionModels: ['catalogAdmin', 'sectionModels'] as const,
  collectionGroups: (id: number) => ['catalogAdmin', 'collectionGroups', id] as const,
  /** Every model search of the pickers. */
  modelSearches: ['catalogAdmin', 'modelSearch'] as const,
  modelSearch: (search: string) => ['catalogAdmin', 'modelSearch', search] as const,
};

// ── Collections ──────────────────────────────────────────────────────────────────────────────

export function useCollections(search: string, page: number) {
  return useQuery({
    queryKey: keys.collections(search, page),
    queryFn: ({ signal }) =>
      call('collections.list', { body: { filters: { search: search || null, page } } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCollection(id: number) {
  return useQuery({
    queryKey: keys.collection(id),
    queryFn: ({ signal }) => call('collections.detail', { params: { id, flag: 1 } }, { signal }),
    enabled: id > 0,
  });
}

/** POST coleccion/setActive or coleccion/setSoloRepresentantes: one switch of a collection. */
export function useCollectionFlag(
  id: number,
  flag: 'activado' | 'solorepresentantes',
  handlers: MutationHandlers<unknown, boolean> = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (value: boolean): Promise<unknown> =>
      flag === 'activado'
        ? call('collections.setActive', { body: { id, activado: value } })
        : call('collections.setRepsOnly', { body: { id, solorepresentantes: value } }),
    onError: handlers.onError,
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** PUT colecciones/update: creates (id 0) or updates a collection with its models in order. */
export function useSaveCollection(
  handlers: MutationHandlers<Answer<'collections.save'>, CollectionWrite> = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (collection: CollectionWrite) => call('collections.save', { body: { collection } }),
    onSuccess: (answer, collection) => {
      handlers.onSuccess?.(answer, collection);
      void client.invalidateQueries({ queryKey: keys.all });
    },
    onError: handlers.onError,
  });
}

/** POST coleccion/setImgPrincipal: the collection's images, with the new main one. */
export function useSetCollectionMainImage(
  handlers: MutationHandlers<Answer<'collections.setMainImage'>, number> = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('collections.setMainImage', { body: { id } }),
    onSuccess: handlers.onSuccess,
    onError: handlers.onError,
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** DELETE coleccion/deleteImage: an image of collection `coleccionId`. */
export function useDeleteCollectionImage(
  coleccionId: number,
  handlers: MutationHandlers<Answer<'collections.deleteImage'>, number> = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      call('collections.deleteImage', { body: { id, colecciones_id: coleccionId } }),
    onSuccess: handlers.onSuccess,
    onError: handlers.onError,
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** POST coleccion/uploadImage (multipart, with progress): answers the new image; the lists reload. */
export function useUploadCollectionImage(coleccionId: number) {
  const client = useQueryClient();
  return async (file: File, onProgress: (percent: number) => void): Promise<ColeccionImageT> => {
    const image = await call(
      'collections.uploadImage',
      { body: { colecciones_id: coleccionId }, file },
      { onProgress },
    );
    void client.invalidateQueries({ queryKey: keys.all });
    return image;
  };
}

/** POST coleccion/downloadImages answers a zip: fetched as a blob and saved through a link. */
export async function downloadCollectionImages(id: number, fileName: string): Promise<void> {
  // A refused download shows its message where it was asked for; it does not end the session.
  saveFile(await call('collections.downloadImages', { body: { id } }, { noAuthRedirect: true }), fileName);
}

// ── Models ───────────────────────────────────────────────────────────────────────────────────

export function useAdminModels(coleccion: number | null, search: string, page: number) {
  return useQuery({
    queryKey: keys.models(coleccion, search, page),
    queryFn: ({ signal }) =>
      call('catalogAdmin.models', { query: { coleccion, search: search || undefined, page } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useModelsWithoutCollection(search: string, page: number) {
  return useQuery({
    queryKey: keys.withoutCollection(search, page),
    queryFn: ({ signal }) =>
      call(
        'catalogAdmin.modelsWithoutCollection',
        { query: { search: search || undefined, page } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Models by code or description, for pickers (admin list: inactive ones too). */
export function useModelSearch(search: string) {
  return useQuery({
    queryKey: keys.modelSearch(search),
    queryFn: ({ signal }) =>
      call('catalogAdmin.models', { query: { search: search || undefined, page: 1 } }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** A model the pickers' searches have already brought (to show it without asking), if any. */
export function useSearchedModel() {
  const client = useQueryClient();
  return (modelo: string) =>
    client
      .getQueriesData<AdminModelListT>({ queryKey: keys.modelSearches })
      .flatMap(([, answer]) => answer?.data ?? [])
      .find((m) => m.modelo === modelo);
}

export function useAdminModel(modelo: string) {
  return useQuery({
    queryKey: keys.model(modelo),
    queryFn: ({ signal }) => call('catalogAdmin.model', { params: { modelo } }, { signal }),
    enabled: modelo.length > 0,
  });
}

export function useSectionModels() {
  return useQuery({
    queryKey: keys.sectionModels,
    queryFn: ({ signal }) => call('catalogAdmin.modelSections', undefined, { signal }),
    staleTime: 60_000,
  });
}

/** Changes the cached model `modelo` (when it is cached). */
function patchModel(
  client: ReturnType<typeof useQueryClient>,
  modelo: string,
  update: (model: AdminModelDetailT) => AdminModelDetailT,
) {
  client.setQueryData<AdminModelDetailT>(keys.model(modelo), (old) => (old ? update(old) : old));
}

/** POST modelo/modeloBaja: deactivates (true) or reactivates a model; the lists reload. */
export function useSetModelInactive(
  modelo: string,
  handlers: MutationHandlers<Answer<'catalogAdmin.setModelInactive'>, boolean> = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (baja: boolean) => call('catalogAdmin.setModelInactive', { body: { modelo, baja } }),
    onSuccess: (answer, baja) => {
      patchModel(client, modelo, (m) => ({ ...m, baja: answer.baja }));
      handlers.onSuccess?.(answer, baja);
    },
    onError: handlers.onError,
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** POST modelo/update: the model's own fields, stored from the answer; the lists reload. */
export function useUpdateModel(
  modelo: string,
  handlers: MutationHandlers<
    Answer<'catalogAdmin.updateModel'>,
    CallInput<'catalogAdmin.updateModel'>['body']
  > = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallInput<'catalogAdmin.updateModel'>['body']) =>
      call('catalogAdmin.updateModel', { body }),
    onSuccess: (answer, body) => {
      handlers.onSuccess?.(answer, body);
      patchModel(client, modelo, (m) => ({ ...m, ...answer }));
      void client.invalidateQueries({ queryKey: keys.all });
    },
    onError: handlers.onError,
  });
}

type ModelImage = AdminModelDetailT['imagenes'][number];

/**
 * The image changes of model `modelo`: main image, colour, delete (each stores its answer in the
 * cached model, then reloads it) and upload.
 */
export function useModelImageChanges(modelo: string, onError: (error: Error) => void) {
  const client = useQueryClient();
  const setImages = (update: (list: ModelImage[]) => ModelImage[]) =>
    patchModel(client, modelo, (m) => ({ ...m, imagenes: update(m.imagenes) }));
  const refresh = () => client.invalidateQueries({ queryKey: keys.model(modelo) });

  const setMain = useMutation({
    mutationFn: (id: number) => call('catalogAdmin.setMainImage', { body: { id, principal: true, modelo } }),
    onSuccess: (answer) =>
      setImages((list) =>
        list.map((img) => ({
          ...img,
          principal: answer.imagenes.find((r) => r.id === img.id)?.principal ?? false,
        })),
      ),
    onError,
    onSettled: refresh,
  });
  const setColour = useMutation({
    mutationFn: ({ id, codigo }: { id: number; codigo: string | null }) =>
      call('catalogAdmin.setImageColour', { body: { id, codigo } }),
    onSuccess: (answer) =>
      setImages((list) =>
        list.map((img) => (img.id === answer.id ? { ...img, color0: answer.color0 } : img)),
      ),
    onError,
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => call('catalogAdmin.deleteImage', { body: { id } }),
    onSuccess: (answer, id) =>
      setImages((list) =>
        list
          .filter((img) => img.id !== id)
          .map((img) => (answer.principal_id === img.id ? { ...img, principal: true } : img)),
      ),
    onError,
    onSettled: refresh,
  });
  /** POST modelo/uploadImage (multipart, with progress), tied to `color0` (null: any colour). */
  const upload = async (color0: string | null, file: File, onProgress: (percent: number) => void) => {
    const row = await call('catalogAdmin.uploadImage', { body: { modelo, color0 }, file }, { onProgress });
    setImages((list) => [...list.filter((i) => i.id !== row.id), row]);
    void refresh();
  };
  return { setMain, setColour, remove, upload };
}

type GroupLink = AdminModelDetailT['grupos'][number];

/**
 * The changes of model `modelo`'s option groups (each a call; `settle` reloads the model and the
 * model lists after any of them, succeeded or not).
 */
export function useModelGroupChanges(modelo: string) {
  const client = useQueryClient();
  return {
    /** POST modelo/setPositionGroupsModel: the groups in order, each in its section. */
    reorder: async (grupos: Array<{ section: number; grupo: number }>) => {
      const answer = await call('catalogAdmin.orderModelGroups', { body: { modelo, grupos } });
      patchModel(client, modelo, (m) => ({ ...m, grupos: answer.grupos }));
    },
    /** POST modelo/updateModelGroupAdd: links a group, last, in `section` (null: the default one). */
    add: (grupo: number, section: number | null) =>
      call('catalogAdmin.addModelGroup', { body: { modelo, grupo, section: section || null } }),
    /** POST modelo/updateModelGroupDelete: unlinks a group. */
    remove: (grupo: number) => call('catalogAdmin.removeModelGroup', { body: { modelo, grupo } }),
    /** POST modelo/updateModelGroupSize: answers the stored size, kept in the cached model. */
    setSize: async (link: GroupLink, size: number) => {
      const answer = await call('catalogAdmin.setModelGroupSize', {
        body: { modelo, grupo: link.parametros_grupos_id, size },
      });
      patchModel(client, modelo, (m) => ({
        ...m,
        grupos: m.grupos.map((g) =>
          g.parametros_grupos_id === link.parametros_grupos_id ? { ...g, size: answer.size } : g,
        ),
      }));
      return answer.size;
    },
    /** POST modelo/copyParamsCollection: gives this model `desde`'s groups. */
    copyFrom: (desde: string) => call('catalogAdmin.copyModelGroups', { body: { desde, hasta: modelo } }),
    settle: async () => {
      await client.invalidateQueries({ queryKey: keys.model(modelo) });
      void client.invalidateQueries({ queryKey: keys.modelLists });
    },
    /** After a copy: the model reloads. */
    reload: () => client.invalidateQueries({ queryKey: keys.model(modelo) }),
  };
}

/** POST modelo/createSection: a configurator section; the list of sections reloads. */
export function useCreateModelSection() {
  const client = useQueryClient();
  return async (name: string, nameEn: string) => {
    const row = await call('catalogAdmin.createModelSection', { body: { name, name_en: nameEn } });
    void client.invalidateQueries({ queryKey: keys.sectionModels });
    return row;
  };
}

// ── Parameter groups and parameters ──────────────────────────────────────────────────────────

export function useParamGroups(search: string, page: number) {
  return useQuery({
    queryKey: keys.groups(search, page),
    queryFn: ({ signal }) =>
      call('catalogAdmin.paramGroups', { query: { search: search || undefined, page } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAllParamGroups() {
  return useQuery({
    queryKey: keys.allGroups,
    queryFn: ({ signal }) => call('catalogAdmin.paramGroups', { query: { all: 1 } }, { signal }),
    staleTime: 60_000,
  });
}

/** GET parametrosgrupos/{id} of every group of a model (its options, for chips and colour codes). */
export function useParamGroupDetails(groupIds: number[]) {
  return useQueries({
    queries: groupIds.map((id) => ({
      queryKey: keys.group(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call('catalogAdmin.paramGroup', { params: { id } }, { signal }),
      staleTime: 60_000,
    })),
  });
}

export function useParamGroup(id: number) {
  return useQuery({
    queryKey: keys.group(id),
    queryFn: ({ signal }) => call('catalogAdmin.paramGroup', { params: { id } }, { signal }),
    enabled: id > 0,
  });
}

export function useCollectionGroups(id: number) {
  return useQuery({
    queryKey: keys.collectionGroups(id),
    queryFn: ({ signal }) => call('catalogAdmin.collectionGroups', { body: { id } }, { signal }),
  });
}

export interface GroupWriteInput {
  nombre: string;
  nombre_en: string;
  size: number | string;
  activado: boolean;
}

/**
 * POST parametrosgrupos (a new group, `id` null) or PUT parametrosgrupos/{id}: answers the group,
 * stored; the group lists reload.
 */
export function useSaveParamGroup() {
  const client = useQueryClient();
  return async (id: number | null, input: GroupWriteInput) => {
    const group =
      id === null
        ? await call('catalogAdmin.saveParamGroup', { body: { id: 0, ...input } })
        : await call('catalogAdmin.updateParamGroup', { params: { id }, body: input });
    client.setQueryData(keys.group(group.id), group);
    void client.invalidateQueries({ queryKey: keys.groupLists });
    return group;
  };
}

/**
 * The changes of parameter group `groupId`: its sections and parameters. Each is a call; `settle`
 * reloads the group and the group lists after any of them, succeeded or not.
 */
export function useParamGroupChanges(groupId: number) {
  const client = useQueryClient();
  const patch = (update: (g: ParamGroupDetailT) => ParamGroupDetailT) =>
    client.setQueryData<ParamGroupDetailT>(keys.group(groupId), (old) => (old ? update(old) : old));
  const reload = () => client.invalidateQueries({ queryKey: keys.group(groupId) });
  return {
    reload,
    settle: async () => {
      await reload();
      void client.invalidateQueries({ queryKey: keys.groupLists });
    },
    /** A parameter was saved (ParamRow): kept in the cached group. */
    parameterSaved: (row: ParametroRowT) => {
      patch((g) => {
        const exists = g.parametros.some((p) => p.id === row.id);
        const parametros = exists
          ? g.parametros.map((p) => (p.id === row.id ? row : p))
          : [...g.parametros, row];
        return { ...g, parametros, parametros_active: parametros.filter((p) => p.activado) };
      });
      void client.invalidateQueries({ queryKey: keys.groupLists });
    },
    /** POST parametro/updatePosition: `ids` in this order (shown at once, product.md §5.5: renumbered from 0). */
    orderParameters: (ids: number[]) => {
      patch((g) => ({
        ...g,
        parametros: g.parametros.map((p) => (ids.includes(p.id) ? { ...p, position: ids.indexOf(p.id) } : p)),
      }));
      return call('catalogAdmin.orderParameters', { body: { parametros: ids } });
    },
    /** POST parametro/updateParametrosSection: parameters to another section, last. */
    moveParameters: (newSectionId: number, ids: number[]) =>
      call('catalogAdmin.moveParameters', { body: { newSectionId, parametros: ids } }),
    /** DELETE parametros/{id}. */
    removeParameter: async (id: number) => {
      await call('catalogAdmin.removeParameter', { params: { id } });
      patch((g) => ({ ...g, parametros: g.parametros.filter((p) => p.id !== id) }));
    },
    /** POST parametro/deleteParametroSection: the section's parameters, then the section. */
    removeSection: (sectionId: number, ids: number[]) =>
      call('catalogAdmin.removeSectionParameters', { body: { parametros: ids, section_id: sectionId } }),
    /** POST parametrosgrupos/{id}/sections/order: the sections other than the default one, in order. */
    orderSections: (sections: number[]) =>
      call('catalogAdmin.orderParamSections', { params: { id: groupId }, body: { sections } }),
    /** POST parametrosgrupos/{id}/sections. */
    createSection: (name: string, nameEn: string) =>
      call('catalogAdmin.createParamSection', { params: { id: groupId }, body: { name, name_en: nameEn } }),
    /** PUT parametrosgrupos/{id}/sections/{sectionId}. */
    renameSection: (sectionId: number, name: string, nameEn: string) =>
      call('catalogAdmin.renameParamSection', {
        params: { id: groupId, sectionId },
        body: { name, name_en: nameEn },
      }),
  };
}

/** POST parametro/updateNewWithImage (JSON): creates (id 0) or updates a parameter. */
export function saveParameter(body: ParametroWrite) {
  return call('catalogAdmin.saveParameter', { body });
}

/** POST parametro/updateNewWithImage (multipart, with progress): a saved parameter's image. */
export function uploadParameterImage(
  body: ParametroWrite,
  file: File,
  onProgress: (percent: number) => void,
) {
  return call('catalogAdmin.saveParameter', { body, file }, { onProgress });
}

// ── Embroidery boxes (record 059) ──────────────────────────────────────────────────────────────

export type EmbroideryBoxesT = Answer<'embroidery.boxes'>;

export function useEmbroideryBoxes(modelo: string) {
  return useQuery({
    queryKey: [...keys.model(modelo), 'embroidery'],
    queryFn: ({ signal }) => call('embroidery.boxes', { params: { modelo } }, { signal }),
  });
}

/** PUT modelo/{modelo}/bordado: the boxes the model keeps; the answer replaces the cached ones. */
export function useSaveEmbroideryBoxes(
  modelo: string,
  handlers: MutationHandlers<EmbroideryBoxesT, CallInput<'embroidery.setBoxes'>['body']> = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallInput<'embroidery.setBoxes'>['body']) =>
      call('embroidery.setBoxes', { params: { modelo }, body }),
    onSuccess: (answer, body) => {
      client.setQueryData([...keys.model(modelo), 'embroidery'], answer);
      // The model list flags models whose positions lack a box.
      void client.invalidateQueries({ queryKey: keys.modelLists });
      handlers.onSuccess?.(answer, body);
    },
    onError: handlers.onError,
  });
}
